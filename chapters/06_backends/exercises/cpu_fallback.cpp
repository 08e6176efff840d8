// Exercise 06.4: a CPU fallback for the out-of-tree backend.
// The lesson: chapters/06_backends/part2_backend_kernels.md#exercise-64
// Declared in: mini/exercises/cpu_fallback.h
#include "mini/exercises/cpu_fallback.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {
namespace exercises {

void cpuFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  (void)op;
  (void)dispatchKeySet;
  (void)stack;
  throw ExerciseNotDone("06.4");
}

}  // namespace exercises
}  // namespace ch06
}  // namespace mini
