#pragma once
/// \file
/// \brief Per-sample gradients by vmap over the backward pass: 1.13's
///        torch.autograd.grad(losses, parameters, eye(B), is_grads_batched=True).

#include <functional>
#include <vector>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

/// Runs `perSampleLosses` (a forward over the whole batch, returning one loss
/// per sample, [B]) and returns, for each of `parameters` (leaves that
/// require grad, not used by a live graph yet), its gradients sample by
/// sample, [B, ...the parameter's sizes]: the backward pass runs once, under
/// vmap, seeded with the rows of the identity.
std::vector<Tensor> perSampleGradients(const std::function<Tensor()>& perSampleLosses,
                                       const std::vector<Tensor>& parameters);

}  // namespace ch05
}  // namespace mini
