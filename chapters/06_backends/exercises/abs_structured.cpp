// Exercise 06.6: an operator added to ops.yaml, end to end (torch.abs): its
// meta() and its CPU impl(). The entries are in ops_exercise.yaml.
// The lesson: chapters/06_backends/part4_code_generator.md#exercise-66
// Declared in: mini/generated/ExerciseNativeFunctions.h
#include "mini/generated/ExerciseNativeFunctions.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {

void meta::structured_abs::meta(const Tensor& self) {
  // TODO: same shape and dtype as self, through setElementwiseOutput; a bool
  // self is refused with std::invalid_argument("\"abs\" not implemented for 'Bool'").
  (void)self;
  throw ExerciseNotDone("06.6");
}

void structured_abs_out_cpu::impl(const Tensor& self, const Tensor& out) {
  // TODO: out[i] = |self[i]|, in out's dtype (cpuElementwiseLoop).
  (void)self;
  (void)out;
  throw ExerciseNotDone("06.6");
}

}  // namespace ch06
}  // namespace mini
