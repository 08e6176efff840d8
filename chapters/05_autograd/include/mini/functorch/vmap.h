#pragma once
/// \file
/// \brief vmap: run a function written for one sample over a batch, in the
///        manner of functorch.vmap (functorch/_src/vmap.py) and the legacy
///        Batched key of PyTorch 1.13.
///
/// vmap(f, inDims)(inputs) wraps each mapped input as a batched tensor of a
/// new level, calls f once, and unwraps each result. Operators on a batched
/// tensor reach the Batched key, the highest in 1.13's order (above Tracer
/// and Autograd): in this chapter the for-loop fallback there
/// (batched_fallback.cpp) calls the operator once per sample, and each of
/// those calls goes down through the layers below as an ordinary call.
/// Chapter 06 adds batching rules, out_dims, in_dims other than 0 and
/// nested vmap.

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

using VmapFunction = std::function<std::vector<Tensor>(const std::vector<Tensor>&)>;

// [vmap]
/// `in_dims`: one per input, 0 to map over the input's first dimension, or
/// nullopt for an input every sample shares (functorch's None). Each result
/// comes back with its batch dimension first (out_dims 0).
VmapFunction vmap(VmapFunction function, std::vector<std::optional<std::int64_t>> inDims);
// [vmap]

/// The level of the innermost vmap running on this thread (0 outside any).
std::int64_t currentVmapLevel();

}  // namespace ch05
}  // namespace mini
