// Mutant: gives prod CUDA's policy on the CPU too (float32 through the dtype argument)
// Must fail: Exercise06_8.CpuPoliciesAreTorchs
// Exercise 06.8: decide the autocast policy of new operators.
// The lesson: chapters/06_backends/part6_autocast.md#exercise-68
// Declared in: mini/exercises/autocast_policy_decisions.h
#include "mini/exercises/autocast_policy_decisions.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

std::vector<AutocastPolicy> decidedAutocastPolicies() {
  // mm: a matrix product, the reason autocast exists, on both devices.
  // log and tanh: pointwise; 1.13 keeps log in float32 on CUDA (float16
  // loses the small differences log magnifies), tanh is on no list.
  // addcmul: several inputs that may differ, widest wins, on CUDA only.
  // prod: a reduction that overflows float16 and bfloat16 alike: float32 on
  // the CPU, and on CUDA as sum is (a dtype argument of float32).
  return {
      {"aten::mm", CastPolicy::lower_precision_fp, CastPolicy::lower_precision_fp},
      {"aten::log", CastPolicy::fallthrough, CastPolicy::fp32},
      {"aten::addcmul", CastPolicy::fallthrough, CastPolicy::promote},
      {"aten::prod", CastPolicy::fp32_set_opt_dtype, CastPolicy::fp32_set_opt_dtype},
      {"aten::tanh", CastPolicy::fallthrough, CastPolicy::fallthrough},
  };
}

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
