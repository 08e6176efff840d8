#include "mini/op_registration/function_schema.h"

#include <array>
#include <stdexcept>
#include <utility>

#include <fmt/ranges.h>  // fmt::join

namespace mini {
inline namespace ch05 {

namespace {

struct BaseTypeSpelling {
  SchemaType::Kind kind;
  std::string_view name;
};

// One table for both directions, so a spelling cannot be parsed one way and
// printed another.
constexpr std::array kBaseTypeSpellings{
    BaseTypeSpelling{SchemaType::Kind::Tensor, "Tensor"}, BaseTypeSpelling{SchemaType::Kind::Int, "int"},
    BaseTypeSpelling{SchemaType::Kind::Float, "float"},   BaseTypeSpelling{SchemaType::Kind::Bool, "bool"},
    BaseTypeSpelling{SchemaType::Kind::String, "str"},    BaseTypeSpelling{SchemaType::Kind::Scalar, "Scalar"},
    BaseTypeSpelling{SchemaType::Kind::Device, "Device"}, BaseTypeSpelling{SchemaType::Kind::ScalarType, "ScalarType"},
};

}  // namespace

std::string_view baseTypeName(SchemaType::Kind kind) {
  for (const auto& spelling : kBaseTypeSpellings) {
    if (spelling.kind == kind) return spelling.name;
  }
  return "<not a base type>";
}

std::optional<SchemaType::Kind> baseKindFromName(std::string_view name) {
  for (const auto& spelling : kBaseTypeSpellings) {
    if (spelling.name == name) return spelling.kind;
  }
  return std::nullopt;
}

SchemaType SchemaType::base(Kind kind) {
  if (kind == Kind::List || kind == Kind::Optional) {
    throw std::logic_error("SchemaType::base takes a base kind; use listOf or optionalOf");
  }
  return SchemaType(kind, nullptr, std::nullopt);
}

SchemaType SchemaType::listOf(SchemaType element, std::optional<std::size_t> fixed_size) {
  return SchemaType(Kind::List, std::make_shared<const SchemaType>(std::move(element)), fixed_size);
}

SchemaType SchemaType::optionalOf(SchemaType element) {
  return SchemaType(Kind::Optional, std::make_shared<const SchemaType>(std::move(element)), std::nullopt);
}

bool SchemaType::isTensorLike() const {
  const auto isTensor = [](const SchemaType& type) { return type.kind() == Kind::Tensor; };
  const auto isOptionalTensor = [&](const SchemaType& type) {
    return type.kind() == Kind::Optional && isTensor(type.element());
  };
  if (isTensor(*this) || isOptionalTensor(*this)) return true;
  return kind_ == Kind::List && (isTensor(element()) || isOptionalTensor(element()));
}

std::string SchemaType::toString(const std::optional<AliasInfo>& alias) const {
  switch (kind_) {
    case Kind::List: {
      std::string size = fixed_size_ ? fmt::format("{}", *fixed_size_) : std::string();
      return fmt::format("{}[{}]", element().toString(alias), size);
    }
    case Kind::Optional: return element().toString(alias) + "?";
    default:
      if (!alias) return std::string(baseTypeName(kind_));
      return fmt::format("{}({}{})", baseTypeName(kind_), alias->set, alias->is_write ? "!" : "");
  }
}

bool SchemaType::operator==(const SchemaType& other) const {
  if (kind_ != other.kind_ || fixed_size_ != other.fixed_size_) return false;
  if (!element_ || !other.element_) return element_ == other.element_;
  return *element_ == *other.element_;
}

std::string Argument::toString() const {
  std::string text = type.toString(alias);
  if (!name.empty()) text += " " + name;
  if (default_value) text += "=" + *default_value;
  return text;
}

std::string FunctionSchema::operatorName() const {
  return overload_name.empty() ? name : fmt::format("{}.{}", name, overload_name);
}

std::string_view FunctionSchema::ns() const {
  const auto separator = name.find("::");
  if (separator == std::string::npos) return {};
  return std::string_view(name).substr(0, separator);
}

std::vector<std::size_t> FunctionSchema::tensorArgumentPositions() const {
  std::vector<std::size_t> positions;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i].type.isTensorLike()) positions.push_back(i);
  }
  return positions;
}

std::string FunctionSchema::toString() const {
  // `*` appears once, before the first keyword-only argument, however many
  // times the source wrote it (PyTorch prints it the same way).
  std::vector<std::string> printed_arguments;
  bool in_keyword_section = false;
  for (const auto& argument : arguments) {
    if (argument.kwarg_only && !in_keyword_section) {
      printed_arguments.emplace_back("*");
      in_keyword_section = true;
    }
    printed_arguments.push_back(argument.toString());
  }

  std::vector<std::string> printed_returns;
  for (const auto& result : returns) printed_returns.push_back(result.toString());
  // One return prints bare (`-> Tensor`), any other count in parentheses.
  std::string returns_text =
      printed_returns.size() == 1 ? printed_returns.front() : fmt::format("({})", fmt::join(printed_returns, ", "));

  return fmt::format("{}({}) -> {}", operatorName(), fmt::join(printed_arguments, ", "), returns_text);
}

}  // namespace ch05
}  // namespace mini
