// Mutant: treats int[2] and int[] as different types
// Must fail: Exercise03_4.MatchingSchemasHaveNoReason
// Exercise 03.4: why a kernel does not fit an operator's schema.
// The lesson: chapters/03_registration/README.md#exercise-34
// Declared in: mini/exercises/schema_mismatch.h
#include <fmt/format.h>

#include "mini/exercises/schema_mismatch.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

namespace {

// Types compared by kind, through lists and optionals; `int[2]` and `int[]`
// are one C++ type, so a list's size is skipped.
bool sameKinds(const SchemaType& a, const SchemaType& b) {
  const bool wraps = a.kind() == SchemaType::Kind::List || a.kind() == SchemaType::Kind::Optional;
  if (a.kind() == SchemaType::Kind::List && a.fixedSize() != b.fixedSize()) return false;
  return a.kind() == b.kind() && (!wraps || sameKinds(a.element(), b.element()));
}

std::optional<std::string> firstDifference(const char* what, const std::vector<Argument>& inferred,
                                           const std::vector<Argument>& specified) {
  if (inferred.size() != specified.size()) {
    return fmt::format("The number of {}s is different. {} vs {}.", what, specified.size(), inferred.size());
  }
  for (std::size_t i = 0; i < inferred.size(); ++i) {
    if (!sameKinds(inferred[i].type, specified[i].type)) {
      return fmt::format("Type mismatch in {} {}: {} vs {}", what, i + 1, specified[i].type.toString(),
                         inferred[i].type.toString());
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> describeSchemaMismatch(const FunctionSchema& inferred, const FunctionSchema& specified) {
  if (auto arguments = firstDifference("argument", inferred.arguments, specified.arguments)) return arguments;
  return firstDifference("return", inferred.returns, specified.returns);
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
