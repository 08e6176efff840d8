#pragma once
/// \file
/// \brief Exercise 06.10's declaration: an AutocastCPU kernel, for an operator
///        whose CPU autocast policy in 1.13 is fp32 (mse_loss).

#include <cstdint>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {
namespace autocast {

/// myops::mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor:
/// PyTorch's mse_loss, (self - target)^2, not reduced (0), averaged (1) or
/// summed (2). Its kernel (CompositeImplicitAutograd, given in
/// exercises/mse_loss_autocast.cpp) refuses bfloat16 as 1.13's CPU kernel
/// does: "\"mse_cpu\" not implemented for 'BFloat16'".
Tensor mse_loss(const Tensor& self, const Tensor& target, std::int64_t reduction = 1);

/// Exercise 06.10: mse_loss under CPU autocast, by 1.13's fp32 policy for
/// the CPU (autocast_mode.cpp lists mse_loss for AutocastCPU): each eligible
/// input (floating, on the CPU, not float64) cast to float32, then mse_loss
/// with the same reduction. Written, and registered on AutocastCPU, in
/// exercises/mse_loss_autocast.cpp.
Tensor mse_loss_autocast_cpu(const Tensor& self, const Tensor& target, std::int64_t reduction);

}  // namespace autocast
}  // namespace ch06
}  // namespace mini
