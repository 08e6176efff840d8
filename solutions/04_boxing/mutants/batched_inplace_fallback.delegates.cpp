// Mutant: hands the call to the chapter's Batched fallback, which refuses in-place operators
// Must fail: Exercise04_4.WritesEveryRowIntoSelfAndReturnsIt
// Exercise 04.4: the Batched fallback for in-place operators.
// The lesson: chapters/04_boxing/part3_boxed_fallbacks.md#exercise-44
// Declared in: mini/exercises/batched_inplace_fallback.h
#include "mini/exercises/batched_inplace_fallback.h"
#include "mini/fallbacks/batched_fallback.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

void batchedInplaceFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  batchedFallback(op, dispatchKeySet, stack);
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
