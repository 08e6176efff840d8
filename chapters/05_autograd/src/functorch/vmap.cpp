#include "mini/functorch/vmap.h"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/aten/operators.h"
#include "mini/functorch/batched_tensor_impl.h"

namespace mini {
inline namespace ch05 {

namespace {

thread_local std::int64_t tlsVmapLevel = 0;

/// One more level for the lifetime of a vmapped call (functorch's
/// VmapInterpreter pushed on its dynamic layer stack).
class VmapLevelGuard {
 public:
  VmapLevelGuard() : level_(++tlsVmapLevel) {}
  ~VmapLevelGuard() { --tlsVmapLevel; }
  VmapLevelGuard(const VmapLevelGuard&) = delete;
  VmapLevelGuard& operator=(const VmapLevelGuard&) = delete;
  std::int64_t level() const { return level_; }

 private:
  std::int64_t level_;
};

/// A result of the mapped function, made physical again. A result that does
/// not depend on the batch (not batched at this level) is repeated for
/// every sample, as functorch does: a column of ones times the result as
/// one row, an outer product autograd can see through.
Tensor unwrapResult(const Tensor& result, std::int64_t level, std::int64_t batchSize) {
  if (isBatchedAtLevel(result, level)) {
    return maybeGetBatchedImpl(result)->value;
  }
  Sizes sizes{batchSize};
  sizes.insert(sizes.end(), result.sizes().begin(), result.sizes().end());
  return view(matmul(ones({batchSize, 1}), view(result, {1, result.numel()})), sizes);
}

}  // namespace

std::int64_t currentVmapLevel() { return tlsVmapLevel; }

VmapFunction vmap(VmapFunction function, std::vector<std::optional<std::int64_t>> inDims) {
  return [function = std::move(function), inDims = std::move(inDims)](const std::vector<Tensor>& inputs) {
    if (inputs.size() != inDims.size()) {
      throw std::invalid_argument(
          fmt::format("vmap: in_dims has {} entries but the function got {} inputs", inDims.size(), inputs.size()));
    }
    if (tlsVmapLevel > 0) {
      throw std::invalid_argument(
          "vmap: nested vmap needs batching rules, which chapter 06 adds; this chapter's loop slices plain tensors "
          "only");
    }
    const VmapLevelGuard guard;
    // Every mapped input's size, so that a mismatch names them all, as
    // 1.13's _validate_and_get_batch_size does.
    std::vector<std::int64_t> mappedSizes;
    std::vector<Tensor> wrapped;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      if (!inDims[i]) {
        wrapped.push_back(inputs[i]);
        continue;
      }
      if (*inDims[i] != 0 || inputs[i].dim() == 0) {
        throw std::invalid_argument(fmt::format(
            "vmap: in_dim {} for a {}-D input; this chapter maps over dimension 0 only (its tensors have no strides "
            "to move a dimension with)",
            *inDims[i], inputs[i].dim()));
      }
      mappedSizes.push_back(inputs[i].sizes()[0]);
      wrapped.push_back(makeBatched(inputs[i], guard.level()));
    }
    if (mappedSizes.empty()) {
      throw std::invalid_argument("vmap: at least one input must be mapped over (every in_dim is None)");
    }
    if (std::adjacent_find(mappedSizes.begin(), mappedSizes.end(), std::not_equal_to<>()) != mappedSizes.end()) {
      throw std::invalid_argument(fmt::format(
          "vmap: Expected all tensors to have the same size in the mapped dimension, got sizes {} for the mapped "
          "dimension",
          mappedSizes));
    }
    const std::int64_t batchSize = mappedSizes.front();
    const std::vector<Tensor> results = function(wrapped);
    std::vector<Tensor> unwrapped;
    for (const Tensor& result : results) {
      unwrapped.push_back(unwrapResult(result, guard.level(), batchSize));
    }
    return unwrapped;
  };
}

}  // namespace ch05
}  // namespace mini
