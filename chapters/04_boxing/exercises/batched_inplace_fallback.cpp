// Exercise 04.4: the Batched fallback for in-place operators.
// The lesson: chapters/04_boxing/part3_boxed_fallbacks.md#exercise-44
// Declared in: mini/exercises/batched_inplace_fallback.h
#include "mini/exercises/batched_inplace_fallback.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

void batchedInplaceFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  (void)op;
  (void)dispatchKeySet;
  (void)stack;
  throw ExerciseNotDone("04.4");
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
