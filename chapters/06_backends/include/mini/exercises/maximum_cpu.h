#pragma once
/// \file
/// \brief Exercise 06.2's declaration: torch.maximum on the CPU.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// The elementwise larger of `self` and `other` (torch.maximum), with
/// broadcasting and type promotion like add, for bool, int64, float32 and
/// float64. Written in exercises/maximum_cpu.cpp.
Tensor maximumCpu(const Tensor& self, const Tensor& other);

}  // namespace ch06
}  // namespace mini
