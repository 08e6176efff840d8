#pragma once
/// \file
/// \brief Exercise 06.9's declaration: a batching rule for t.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// t() of every sample of a batched tensor at once, registered on the
/// Batched key for aten::t: under vmap, t of a 2-D sample [n, m] gives
/// [m, n], and t of a 0-D or 1-D sample is the sample itself, as torch.t is.
/// `self` is batched (its key set brought the call here); the result is
/// batched at the same level. Written in exercises/t_batch_rule.cpp.
Tensor tBatchRule(const Tensor& self);

}  // namespace ch06
}  // namespace mini
