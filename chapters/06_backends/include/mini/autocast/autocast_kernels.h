#pragma once
/// \file
/// \brief The autocast kernels of the chapter's operators (registered on
///        AutocastCPU and AutocastCUDA by src/autocast/autocast_kernels.cpp),
///        and the first step every one of them takes.

#include "mini/core/device.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

/// The guard an autocast kernel starts with: for the rest of the kernel the
/// device's Autocast key is excluded on this thread, so the call it makes
/// goes on down (Autograd, then the backend) instead of coming back to it.
ExcludeDispatchKeyGuard excludeAutocast(DeviceType device_type);

/// lower_precision_fp: matmul in the device's autocast dtype.
template <DeviceType device>
Tensor matmul_autocast(const Tensor& self, const Tensor& other);
/// fp32 (CUDA): exp in float32, where float16 would overflow past 11: exercise
/// 06.7, exp_autocast (mini/exercises/exp_autocast.h).
/// fp32_set_opt_dtype (CUDA): sums in float32.
Tensor sum_autocast_cuda(const Tensor& self);
Tensor sum_dim_autocast_cuda(const Tensor& self, const std::vector<std::int64_t>& dim, bool keepdim);
/// promote (CUDA): atan2 in the widest dtype of its inputs.
Tensor atan2_autocast_cuda(const Tensor& self, const Tensor& other);

/// The tutorial's myadd_autocast: myops::myadd in the device's lower precision.
template <DeviceType device>
Tensor myadd_autocast(const Tensor& self, const Tensor& other);

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
