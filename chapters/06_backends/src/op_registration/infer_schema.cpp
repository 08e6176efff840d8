#include "mini/op_registration/infer_schema.h"

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

namespace detail {

std::vector<Argument> unnamedArguments(const std::vector<SchemaType>& types) {
  std::vector<Argument> arguments;
  for (std::size_t i = 0; i < types.size(); ++i) {
    arguments.push_back(Argument{fmt::format("_{}", i), types[i], std::nullopt, false, std::nullopt});
  }
  return arguments;
}

}  // namespace detail

namespace {

// `int[2]` is an int list whose schema promises a length; C++ sees
// std::vector<int64_t> either way, so the size is not part of the type.
// Containers match when their members do: `Dict(str, Tensor)`, `(int, int)`.
bool sameTypeIgnoringListSize(const SchemaType& a, const SchemaType& b) {
  // A SymInt is an int to a kernel that takes std::int64_t, as 1.13's
  // Argument::type() is int where real_type() is SymInt (slice.Tensor).
  const auto kind = [](const SchemaType& t) {
    return t.kind() == SchemaType::Kind::SymInt ? SchemaType::Kind::Int : t.kind();
  };
  if (kind(a) != kind(b) || a.elements().size() != b.elements().size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.elements().size(); ++i) {
    if (!sameTypeIgnoringListSize(a.elements()[i], b.elements()[i])) {
      return false;
    }
  }
  return true;
}

// The first position where two argument (or return) lists differ in count or
// type. Like c10's findSchemaDifferences, the def's schema is named first:
// "2 vs 1" reads "the def says 2, the kernel has 1".
std::optional<std::string> findListDifference(std::string_view what, const std::vector<Argument>& inferred,
                                              const std::vector<Argument>& specified) {
  if (inferred.size() != specified.size()) {
    return fmt::format("The number of {}s is different. {} vs {}.", what, specified.size(), inferred.size());
  }
  for (std::size_t i = 0; i < inferred.size(); ++i) {
    if (!sameTypeIgnoringListSize(inferred[i].type, specified[i].type)) {
      return fmt::format("Type mismatch in {} {}: {} vs {}", what, i + 1, specified[i].type.toString(),
                         inferred[i].type.toString());
    }
  }
  return std::nullopt;
}

}  // namespace

// [find_schema_differences]
std::optional<std::string> findSchemaDifferences(const FunctionSchema& inferred, const FunctionSchema& specified) {
  if (auto difference = findListDifference("argument", inferred.arguments, specified.arguments)) {
    return difference;
  }
  return findListDifference("return", inferred.returns, specified.returns);
}
// [find_schema_differences]

}  // namespace ch06
}  // namespace mini
