// Exercise 04.4: a Batched fallback of your own.
// The lesson: chapters/04_boxing/README.md#exercise-44
// Declared in: mini/exercises/batch_first_argument.h
#include "mini/exercises/batch_first_argument.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

void batchFirstArgument(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  (void)op;
  (void)dispatchKeySet;
  (void)stack;
  throw ExerciseNotDone("04.4");
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
