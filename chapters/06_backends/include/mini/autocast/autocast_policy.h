#pragma once
/// \file
/// \brief Which cast each operator of the chapter gets under autocast, per
///        device: 1.13's lists in aten/src/ATen/autocast_mode.cpp, as data.

#include <cstdint>
#include <span>
#include <string_view>

#include <fmt/format.h>

#include "mini/core/device.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

// [cast_policy]
/// 1.13's CastPolicy, plus fallthrough for the operators on none of its lists.
enum class CastPolicy : std::uint8_t {
  lower_precision_fp,  ///< eligible inputs cast to the device's autocast dtype (matmul and the like)
  fp32,                ///< eligible inputs cast to float32 (exp on CUDA: it overflows float16)
  fp32_set_opt_dtype,  ///< computed in float32 (sum on CUDA); 1.13 passes dtype=float32
  promote,             ///< eligible inputs cast to the widest of their dtypes (atan2 on CUDA)
  fallthrough,         ///< no autocast kernel: the key's fallthrough passes the call on
};

/// One operator of ops.yaml (by its full name with overload) and its policy
/// on AutocastCPU and on AutocastCUDA.
struct AutocastPolicy {
  std::string_view op;
  CastPolicy cpu;
  CastPolicy cuda;
};
// [cast_policy]

/// Every operator of the chapter, in ops.yaml's order, with 1.13's policy
/// (torch._C._dispatch_dump of each shows which have an Autocast kernel).
std::span<const AutocastPolicy> autocastPolicies();
/// The policy of `op` on `device_type` (cpu or cuda); fallthrough for an
/// operator not in the table (myops::myadd's kernel is its own).
CastPolicy autocastPolicy(std::string_view op, DeviceType device_type);

std::string_view castPolicyName(CastPolicy policy);

}  // namespace autocast
}  // namespace ch06
}  // namespace mini

template <>
struct fmt::formatter<mini::autocast::CastPolicy> : fmt::formatter<std::string_view> {
  auto format(mini::autocast::CastPolicy policy, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(mini::autocast::castPolicyName(policy), ctx);
  }
};
