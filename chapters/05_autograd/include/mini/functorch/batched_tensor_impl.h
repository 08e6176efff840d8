#pragma once
/// \file
/// \brief A batched tensor: what vmap hands the function it maps, in the
///        manner of functorch's BatchedTensorImpl (functorch/csrc/BatchedTensorImpl.h).
///
/// It wraps a *physical* tensor, `value`, whose dimension 0 is the batch,
/// and shows the function the *logical* tensor of one sample: the same sizes
/// without that dimension. Its key set is {Batched} and its backend's bit,
/// so every operator called on it lands on the Batched key first. In this
/// chapter that is always the for-loop fallback; chapter 06 adds batching
/// rules. `level` says which vmap made it.

#include <cstdint>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

// [batched_tensor_impl]
struct BatchedTensorImpl : TensorImpl {
  BatchedTensorImpl(Tensor value, std::int64_t level);

  Tensor value;        ///< the physical tensor; dimension 0 is the batch
  std::int64_t level;  ///< 1 for the outermost vmap, 2 inside it, ...
  static constexpr std::int64_t bdim = 0;
};
// [batched_tensor_impl]

/// The batched tensor of `value` at `level` (functorch's makeBatched).
Tensor makeBatched(const Tensor& value, std::int64_t level);
/// The BatchedTensorImpl behind `tensor`, or null when it is not batched.
BatchedTensorImpl* maybeGetBatchedImpl(const Tensor& tensor);
/// Whether `tensor` is batched by the vmap of `level` (its outermost wrapper).
bool isBatchedAtLevel(const Tensor& tensor, std::int64_t level);

}  // namespace ch05
}  // namespace mini
