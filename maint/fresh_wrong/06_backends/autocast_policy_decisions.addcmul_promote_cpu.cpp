// Mistake: addcmul takes three tensors, so promote on both devices

// Exercise 06.8: decide the autocast policy of new operators.
// The lesson: chapters/06_backends/part6_autocast.md#exercise-68
// Declared in: mini/exercises/autocast_policy_decisions.h
#include "mini/exercises/autocast_policy_decisions.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

// TODO(06.8): one AutocastPolicy{"aten::mm", cpu, cuda} per operator, in the
// order the header gives, each policy read from 1.13's lists (section 14).
std::vector<AutocastPolicy> decidedAutocastPolicies() {
  return {
      {"aten::mm", CastPolicy::lower_precision_fp, CastPolicy::lower_precision_fp},
      {"aten::log", CastPolicy::fallthrough, CastPolicy::fp32},
      {"aten::addcmul", CastPolicy::promote, CastPolicy::promote},
      {"aten::prod", CastPolicy::fp32, CastPolicy::fp32_set_opt_dtype},
      {"aten::tanh", CastPolicy::fallthrough, CastPolicy::fallthrough},
  };
}

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
