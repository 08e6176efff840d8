#include "mini/op_registration/function_schema.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

#include <fmt/ranges.h>  // fmt::join

namespace mini {
inline namespace ch06 {

namespace {

struct BaseTypeSpelling {
  SchemaType::Kind kind;
  std::string_view name;
};

// One table for both directions, so a spelling cannot be parsed one way and
// printed another. The containers are here for their names only.
constexpr std::array kBaseTypeSpellings{
    BaseTypeSpelling{SchemaType::Kind::Tensor, "Tensor"},
    BaseTypeSpelling{SchemaType::Kind::Int, "int"},
    BaseTypeSpelling{SchemaType::Kind::Float, "float"},
    BaseTypeSpelling{SchemaType::Kind::Bool, "bool"},
    BaseTypeSpelling{SchemaType::Kind::String, "str"},
    BaseTypeSpelling{SchemaType::Kind::Scalar, "Scalar"},
    BaseTypeSpelling{SchemaType::Kind::Device, "Device"},
    BaseTypeSpelling{SchemaType::Kind::ScalarType, "ScalarType"},
    BaseTypeSpelling{SchemaType::Kind::SymInt, "SymInt"},
    BaseTypeSpelling{SchemaType::Kind::Complex, "complex"},
    BaseTypeSpelling{SchemaType::Kind::Layout, "Layout"},
    BaseTypeSpelling{SchemaType::Kind::MemoryFormat, "MemoryFormat"},
    BaseTypeSpelling{SchemaType::Kind::Generator, "Generator"},
    BaseTypeSpelling{SchemaType::Kind::Storage, "Storage"},
    BaseTypeSpelling{SchemaType::Kind::Stream, "Stream"},
    BaseTypeSpelling{SchemaType::Kind::QScheme, "QScheme"},
    BaseTypeSpelling{SchemaType::Kind::Quantizer, "Quantizer"},
    BaseTypeSpelling{SchemaType::Kind::Capsule, "Capsule"},
    BaseTypeSpelling{SchemaType::Kind::Any, "Any"},
    BaseTypeSpelling{SchemaType::Kind::AnyClassType, "AnyClassType"},
    BaseTypeSpelling{SchemaType::Kind::AnyEnumType, "AnyEnumType"},
    BaseTypeSpelling{SchemaType::Kind::NoneType, "NoneType"},
};

constexpr std::array kContainerSpellings{
    BaseTypeSpelling{SchemaType::Kind::Dict, "Dict"},
    BaseTypeSpelling{SchemaType::Kind::Future, "Future"},
    BaseTypeSpelling{SchemaType::Kind::RRef, "RRef"},
    BaseTypeSpelling{SchemaType::Kind::Union, "Union"},
};

bool isContainer(SchemaType::Kind kind) {
  return kind == SchemaType::Kind::Tuple ||
         std::any_of(kContainerSpellings.begin(), kContainerSpellings.end(),
                     [&](const BaseTypeSpelling& spelling) { return spelling.kind == kind; });
}

}  // namespace

std::string_view baseTypeName(SchemaType::Kind kind) {
  for (const auto& spelling : kBaseTypeSpellings) {
    if (spelling.kind == kind) return spelling.name;
  }
  for (const auto& spelling : kContainerSpellings) {
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

std::optional<SchemaType::Kind> containerKindFromName(std::string_view name) {
  for (const auto& spelling : kContainerSpellings) {
    if (spelling.name == name) return spelling.kind;
  }
  return std::nullopt;
}

std::string AliasInfo::toString() const {
  std::vector<std::string_view> before{set};
  before.insert(before.end(), other_sets.begin(), other_sets.end());
  std::string text = fmt::format("({}{}", fmt::join(before, "|"), is_write ? "!" : "");
  // A fresh set has no set after the call, which differs from the one before,
  // so PyTorch prints the arrow with nothing after it.
  if (!after_sets.empty() || fresh) text += fmt::format(" -> {}", fmt::join(after_sets, "|"));
  return text + ")";
}

AliasInfo AliasInfo::freshSet(std::size_t number) {
  AliasInfo alias{fmt::format("${}", number), true};
  alias.fresh = true;
  return alias;
}

SchemaType SchemaType::base(Kind kind) {
  if (!baseKindFromName(baseTypeName(kind))) {
    throw std::logic_error("SchemaType::base takes a base kind; use listOf or optionalOf");
  }
  return SchemaType(kind, nullptr);
}

SchemaType SchemaType::named(Kind kind, std::string name) {
  if (kind != Kind::Class && kind != Kind::Variable) {
    throw std::logic_error("SchemaType::named takes Class or Variable");
  }
  SchemaType type(kind, nullptr);
  type.name_ = std::move(name);
  return type;
}

SchemaType SchemaType::listOf(SchemaType element, std::optional<std::size_t> fixed_size,
                              std::optional<AliasInfo> alias) {
  SchemaType type(Kind::List, std::make_shared<const std::vector<SchemaType>>(1, std::move(element)));
  type.fixed_size_ = fixed_size;
  type.list_alias_ = std::move(alias);
  return type;
}

SchemaType SchemaType::optionalOf(SchemaType element) {
  return SchemaType(Kind::Optional, std::make_shared<const std::vector<SchemaType>>(1, std::move(element)));
}

SchemaType SchemaType::containerOf(Kind kind, std::vector<SchemaType> elements) {
  if (!isContainer(kind)) throw std::logic_error("SchemaType::containerOf takes Tuple, Dict, Future, RRef or Union");
  return SchemaType(kind, std::make_shared<const std::vector<SchemaType>>(std::move(elements)));
}

const std::vector<SchemaType>& SchemaType::elements() const {
  static const std::vector<SchemaType> none;
  return elements_ ? *elements_ : none;
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
  const std::string annotation = alias ? alias->toString() : std::string();
  // Only the containers print their members here. List and Optional print
  // their one element below, with the alias, and printing it twice would make
  // a type nested n deep (T????...) cost 2^n.
  const auto members = [&] {
    std::vector<std::string> printed;
    for (const auto& element : elements()) printed.push_back(element.toString());
    return printed;
  };
  switch (kind_) {
    case Kind::List: {
      std::string size = fixed_size_ ? fmt::format("{}", *fixed_size_) : std::string();
      std::string own = list_alias_ ? list_alias_->toString() : std::string();
      return fmt::format("{}[{}]{}", element().toString(alias), size, own);
    }
    case Kind::Optional: return element().toString(alias) + "?";
    case Kind::Tuple: return fmt::format("({}){}", fmt::join(members(), ", "), annotation);
    case Kind::Class:
    case Kind::Variable: return name_ + annotation;
    default:
      if (isContainer(kind_))
        return fmt::format("{}({}){}", baseTypeName(kind_), fmt::join(members(), ", "), annotation);
      return std::string(baseTypeName(kind_)) + annotation;
  }
}

bool SchemaType::operator==(const SchemaType& other) const {
  return kind_ == other.kind_ && fixed_size_ == other.fixed_size_ && name_ == other.name_ &&
         list_alias_ == other.list_alias_ && elements() == other.elements();
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
  if (is_vararg) printed_arguments.emplace_back("...");

  std::vector<std::string> printed_returns;
  for (const auto& result : returns) printed_returns.push_back(result.toString());
  if (is_varret) printed_returns.emplace_back("...");
  // One return prints bare (`-> Tensor`, `-> ...`), any other count in
  // parentheses; so does a lone tuple, `-> ((int, int))`, which bare would
  // read as two returns.
  const bool bare = printed_returns.size() == 1 && printed_returns.front().front() != '(';
  std::string returns_text = bare ? printed_returns.front() : fmt::format("({})", fmt::join(printed_returns, ", "));

  return fmt::format("{}({}) -> {}", operatorName(), fmt::join(printed_arguments, ", "), returns_text);
}

}  // namespace ch06
}  // namespace mini
