// Exercise 06.6: an operator added to ops.yaml, end to end (torch.abs): its
// meta() and its CPU impl(). The entries are in ops_exercise.yaml.
// The lesson: chapters/06_backends/part4_code_generator.md#exercise-66
// Declared in: mini/generated/ExerciseNativeFunctions.h
#include "mini/generated/ExerciseNativeFunctions.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {

void meta::structured_abs::meta(const Tensor& self) {
  // TODO: same shape and dtype as self, through setElementwiseOutput. First
  // an out= tensor (maybe_get_output(0)) of another dtype is refused, as
  // 1.13 refuses it rather than cast into it: OperatorInvalidArgument("abs",
  // "Found dtype Double but expected Float"), out's dtype then self's; then
  // a bool self, with std::invalid_argument("\"abs\" not implemented for 'Bool'").
  (void)self;
  throw ExerciseNotDone("06.6");
}

void structured_abs_out_cpu::impl(const Tensor& self, const Tensor& out) {
  // TODO: out[i] = |self[i]| (cpuElementwiseLoop); meta() made out's dtype self's.
  (void)self;
  (void)out;
  throw ExerciseNotDone("06.6");
}

}  // namespace ch06
}  // namespace mini
