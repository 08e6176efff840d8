// Exercise 06.7: exp's autocast kernel, from its policy.
// The lesson: chapters/06_backends/part6_autocast.md#exercise-67
// Declared in: mini/exercises/exp_autocast.h
#include "mini/exercises/exp_autocast.h"
#include "mini/autocast/autocast_kernels.h"
#include "mini/autocast/autocast_mode.h"
#include "mini/generated/Functions.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

template <DeviceType device>
Tensor exp_autocast(const Tensor& self) {
  const ExcludeDispatchKeyGuard noAutocast = excludeAutocast(device);
  return exp(cached_cast(ScalarType::Float, self, device));
}
template Tensor exp_autocast<DeviceType::CPU>(const Tensor&);
template Tensor exp_autocast<DeviceType::CUDA>(const Tensor&);

}  // namespace autocast
}  // namespace ch06
}  // namespace mini

// 1.13 keeps exp in float32 under CUDA autocast; on the CPU it has no list.
MINI_LIBRARY_IMPL(aten, AutocastCUDA, m) { m.impl("exp", &mini::autocast::exp_autocast<mini::DeviceType::CUDA>); }
