#pragma once
/// \file
/// \brief Exercise 06.7's declaration: exp's autocast kernel, fp32 policy.

#include "mini/core/device.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

/// exp under autocast on `device`, by 1.13's fp32 policy: an eligible input
/// (floating, on `device`, not float64) is cast to float32 and exp runs
/// there, because float16's exp overflows past 11. Registered on
/// AutocastCUDA, as 1.13 registers exp; the tests also run it for the CPU.
/// Written in exercises/exp_autocast.cpp.
template <DeviceType device>
Tensor exp_autocast(const Tensor& self);

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
