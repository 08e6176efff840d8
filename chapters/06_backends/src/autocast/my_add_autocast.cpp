// The autocast wrapper of chapter 05's custom operator, as PyTorch's
// tutorial "Registering a Dispatched Operator in C++" writes it: exclude the
// Autocast key, cast with cached_cast, call myadd again.
#include "mini/autocast/autocast_kernels.h"
#include "mini/autocast/autocast_mode.h"
#include "mini/extension/my_add_function.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

// [myadd_autocast]
template <DeviceType device>
Tensor myadd_autocast(const Tensor& self, const Tensor& other) {
  const ExcludeDispatchKeyGuard noAutocast = excludeAutocast(device);
  const ScalarType lowerPrecision = get_lower_precision_fp_from_device_type(device);
  return myadd(cached_cast(lowerPrecision, self, device), cached_cast(lowerPrecision, other, device));
}
// [myadd_autocast]
template Tensor myadd_autocast<DeviceType::CPU>(const Tensor&, const Tensor&);
template Tensor myadd_autocast<DeviceType::CUDA>(const Tensor&, const Tensor&);

}  // namespace autocast
}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(myops, AutocastCPU, m) { m.impl("myadd", &mini::autocast::myadd_autocast<mini::DeviceType::CPU>); }
MINI_LIBRARY_IMPL(myops, AutocastCUDA, m) { m.impl("myadd", &mini::autocast::myadd_autocast<mini::DeviceType::CUDA>); }
