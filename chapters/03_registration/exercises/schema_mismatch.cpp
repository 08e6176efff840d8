// Exercise 03.4: why a kernel does not fit an operator's schema.
// The lesson: chapters/03_registration/README.md#exercise-34
// Declared in: mini/exercises/schema_mismatch.h
#include "mini/exercises/schema_mismatch.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// TODO(03.4): compare the number of arguments, then each argument's type,
// then the same for the returns; the first difference is the answer.
// Alias annotations and fixed list sizes are not part of a type. The
// answers, the specified schema's side first and N counting from 1:
//   "The number of arguments is different. 1 vs 2." (or "returns")
//   "Type mismatch in argument 2: int vs Tensor" (or "return 1"),
// each type as SchemaType::toString() prints it.
std::optional<std::string> describeSchemaMismatch(const FunctionSchema& inferred, const FunctionSchema& specified) {
  (void)inferred;
  (void)specified;
  throw ExerciseNotDone("03.4");
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
