// Exercise 06.2: a CPU kernel with dtype dispatch (torch.maximum).
// The lesson: chapters/06_backends/part2_backend_kernels.md#exercise-62
// Declared in: mini/exercises/maximum_cpu.h
#include "mini/exercises/maximum_cpu.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {

// TODO(06.2): ask binaryMeta() for the result's shape and dtype, make the
// output with emptyLike(), convert both inputs with toDtypeCpu(), then let
// MINI_DISPATCH_ALL_TYPES_AND_BOOL choose scalar_t and run
// cpuElementwiseLoop() with a lambda that returns the larger of two scalar_t.
Tensor maximumCpu(const Tensor& self, const Tensor& other) {
  (void)self;
  (void)other;
  throw ExerciseNotDone("06.2");
}

}  // namespace ch06
}  // namespace mini
