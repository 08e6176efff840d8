#pragma once
/// \file
/// \brief vmap: run a function written for one sample over a batch, in the
///        manner of functorch.vmap (functorch/_src/vmap.py) and the legacy
///        Batched key of PyTorch 1.13.
///
/// vmap(f, inDims, outDims)(inputs) wraps each input whose in_dim is given
/// as a batched tensor of a new level, calls f once, and unwraps each
/// result, putting its batch dimension at its out_dim. Operators on a
/// batched tensor reach the Batched key: a batching rule (batch_rules.cpp)
/// computes the whole batch with one call on the physical tensors; any other
/// operator goes through the for-loop fallback (batched_fallback.cpp).

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

using VmapFunction = std::function<std::vector<Tensor>(const std::vector<Tensor>&)>;

// [vmap]
/// `in_dims`: one per input, the dimension to map over, or nullopt for an
/// input every sample shares (functorch's None). `out_dims`: one per result,
/// or a single one for all. Returns the mapped function, which can be vmapped
/// again: the inner vmap gets the next level.
VmapFunction vmap(VmapFunction function, std::vector<std::optional<std::int64_t>> inDims,
                  std::vector<std::int64_t> outDims = {0});
// [vmap]

/// The level of the innermost vmap running on this thread (0 outside any).
std::int64_t currentVmapLevel();

// [vmap_pieces]
/// vmap's steps for a caller that calls the function itself, as 1.13's
/// Python vmap (torch/_vmap_internals.py) does with these four: a new level
/// on this thread (torch._C._vmapmode_increment_nesting, which returns it)
/// and its end (_vmapmode_decrement_nesting); an input mapped over
/// `batchDim` at that level (torch._add_batch_dim); a result made physical
/// again with its batch at `outDim` (torch._remove_batch_dim), repeated
/// `batchSize` times if it does not depend on the batch.
std::int64_t vmapIncrementNesting();
std::int64_t vmapDecrementNesting();
Tensor addBatchDim(const Tensor& tensor, std::int64_t batchDim, std::int64_t level);
Tensor removeBatchDim(const Tensor& tensor, std::int64_t level, std::int64_t batchSize, std::int64_t outDim);
// [vmap_pieces]

/// `tensor` with dimension `from` moved to `to`, the others keeping their
/// order: a view made here, not an operator call (this chapter has no
/// permute), so it refuses a tensor that requires grad.
Tensor moveDim(const Tensor& tensor, std::int64_t from, std::int64_t to);

}  // namespace ch06
}  // namespace mini
