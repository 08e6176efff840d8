#pragma once
/// \file
/// \brief Exercise 06.8's declaration: the autocast policy of operators the
///        chapter does not have yet.

#include <vector>

#include "mini/autocast/autocast_policy.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

/// The policy, on AutocastCPU and on AutocastCUDA, that 1.13 gives each of
/// aten::mm, aten::log, aten::addcmul, aten::prod and aten::tanh, in that
/// order: what an autocast kernel for each would have to follow once the
/// chapter has the operator. Written in exercises/autocast_policy_decisions.cpp.
std::vector<AutocastPolicy> decidedAutocastPolicies();

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
