// Exercise 04.4: a Batched fallback of your own. See README.md#exercise-44.
#include "mini/exercise.h"
#include "mini/exercises.h"

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
