// The autocast kernels of chapter 06's operators, by 1.13's policy
// (mini/autocast/autocast_policy.h), and their registrations; exp's is
// exercise 06.7 (exercises/exp_autocast.cpp). An operator registered
// nowhere gets the Autocast keys' fallthrough
// (src/dispatch/global_fallbacks.cpp): the call passes on unchanged.
#include "mini/autocast/autocast_kernels.h"

#include "mini/autocast/autocast_mode.h"
#include "mini/generated/Functions.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

ExcludeDispatchKeyGuard excludeAutocast(DeviceType device_type) {
  return ExcludeDispatchKeyGuard(DispatchKeySet(get_autocast_dispatch_key_from_device_type(device_type)));
}

// [matmul_autocast]
// The recipe, three steps: step below the Autocast key, cast the eligible
// inputs (floating, on this device, not float64) to the policy's dtype,
// and call the operator again. The call starts from the top of the
// dispatcher with the casts as its arguments: AutogradCPU records them
// (a ToCopyBackward0 per cast), the CPU kernel multiplies two bfloat16s.
template <DeviceType device>
Tensor matmul_autocast(const Tensor& self, const Tensor& other) {
  const ExcludeDispatchKeyGuard noAutocast = excludeAutocast(device);
  const ScalarType lowerPrecision = get_lower_precision_fp_from_device_type(device);
  return matmul(cached_cast(lowerPrecision, self, device), cached_cast(lowerPrecision, other, device));
}
// [matmul_autocast]
template Tensor matmul_autocast<DeviceType::CPU>(const Tensor&, const Tensor&);
template Tensor matmul_autocast<DeviceType::CUDA>(const Tensor&, const Tensor&);

// 1.13 calls sum(self, dtype=float32) when self is eligible. The chapter's
// sum has no dtype argument: casting self first gives the same dtype and
// the same values (a sum with a dtype converts its input to it first).
Tensor sum_autocast_cuda(const Tensor& self) {
  const ExcludeDispatchKeyGuard noAutocast = excludeAutocast(DeviceType::CUDA);
  return sum(cached_cast(ScalarType::Float, self, DeviceType::CUDA));
}

Tensor sum_dim_autocast_cuda(const Tensor& self, const std::vector<std::int64_t>& dim, bool keepdim) {
  const ExcludeDispatchKeyGuard noAutocast = excludeAutocast(DeviceType::CUDA);
  return sum(cached_cast(ScalarType::Float, self, DeviceType::CUDA), dim, keepdim);
}

Tensor atan2_autocast_cuda(const Tensor& self, const Tensor& other) {
  const ExcludeDispatchKeyGuard noAutocast = excludeAutocast(DeviceType::CUDA);
  const ScalarType widest =
      promote_type(get_lower_precision_fp_from_device_type(DeviceType::CUDA), DeviceType::CUDA, {&self, &other});
  return atan2(cached_cast(widest, self, DeviceType::CUDA), cached_cast(widest, other, DeviceType::CUDA));
}

}  // namespace autocast
}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, AutocastCPU, m) { m.impl("matmul", &mini::autocast::matmul_autocast<mini::DeviceType::CPU>); }

MINI_LIBRARY_IMPL(aten, AutocastCUDA, m) {
  m.impl("matmul", &mini::autocast::matmul_autocast<mini::DeviceType::CUDA>);
  m.impl("sum", &mini::autocast::sum_autocast_cuda);
  m.impl("sum.dim_IntList", &mini::autocast::sum_dim_autocast_cuda);
  m.impl("atan2", &mini::autocast::atan2_autocast_cuda);
}
