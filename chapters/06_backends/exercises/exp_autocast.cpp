// Exercise 06.7: exp's autocast kernel, from its policy.
// The lesson: chapters/06_backends/part6_autocast.md#exercise-67
// Declared in: mini/exercises/exp_autocast.h
#include "mini/exercises/exp_autocast.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

// TODO(06.7): exp's autocast kernel, by the policy 1.13 gives exp (which of
// its lists is exp on?), in the recipe every autocast kernel follows.
template <DeviceType device>
Tensor exp_autocast(const Tensor& self) {
  (void)self;
  throw ExerciseNotDone("06.7");
}
template Tensor exp_autocast<DeviceType::CPU>(const Tensor&);
template Tensor exp_autocast<DeviceType::CUDA>(const Tensor&);

}  // namespace autocast
}  // namespace ch06
}  // namespace mini

// 1.13 registers exp on AutocastCUDA; on the CPU it is on no list (the fallthrough).
MINI_LIBRARY_IMPL(aten, AutocastCUDA, m) { m.impl("exp", &mini::autocast::exp_autocast<mini::DeviceType::CUDA>); }
