// Mutant: calls the chapter's findSchemaDifferences instead of writing the check
// Must fail: Exercise03_4.WritesTheCheckItself
// Exercise 03.4: why a kernel does not fit an operator's schema.
// The lesson: chapters/03_registration/README.md#exercise-34
// Declared in: mini/exercises/schema_mismatch.h
#include "mini/exercises/schema_mismatch.h"
#include "mini/op_registration/infer_schema.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

std::optional<std::string> describeSchemaMismatch(const FunctionSchema& inferred, const FunctionSchema& specified) {
  return findSchemaDifferences(inferred, specified);
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
