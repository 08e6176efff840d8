#include "mini/functorch/vmap.h"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/core/shape.h"
#include "mini/functorch/batched_tensor_impl.h"
#include "mini/generated/Functions.h"

namespace mini {
inline namespace ch06 {

namespace {

thread_local std::int64_t tlsVmapLevel = 0;

/// One more level for the lifetime of a vmapped call (functorch's
/// VmapInterpreter pushed on its dynamic layer stack).
class VmapLevelGuard {
 public:
  VmapLevelGuard() : level_(vmapIncrementNesting()) {}
  ~VmapLevelGuard() { vmapDecrementNesting(); }
  VmapLevelGuard(const VmapLevelGuard&) = delete;
  VmapLevelGuard& operator=(const VmapLevelGuard&) = delete;
  std::int64_t level() const { return level_; }

 private:
  std::int64_t level_;
};

std::int64_t wrapDim(std::int64_t dim, std::int64_t rank, const char* what) {
  const std::int64_t wrapped = dim < 0 ? dim + rank : dim;
  if (wrapped < 0 || wrapped >= rank) {
    throw std::invalid_argument(
        fmt::format("vmap: {} {} is out of range for a tensor of {} dimensions", what, dim, rank));
  }
  return wrapped;
}

/// A result of the mapped function, made physical again with its batch
/// dimension at `outDim`. A result that does not depend on the batch (not
/// batched at this level) is repeated for every sample, as functorch does.
Tensor unwrapResult(const Tensor& result, std::int64_t level, std::int64_t batchSize, std::int64_t outDim) {
  Tensor physical;
  if (isBatchedAtLevel(result, level)) {
    physical = maybeGetBatchedImpl(result)->value;
  } else {
    Sizes sizes{batchSize};
    sizes.insert(sizes.end(), result.sizes().begin(), result.sizes().end());
    physical = mul(ones(sizes, result.options()), result);
  }
  return moveDim(physical, 0, wrapDim(outDim, physical.dim(), "out_dim"));
}

}  // namespace

std::int64_t currentVmapLevel() { return tlsVmapLevel; }

std::int64_t vmapIncrementNesting() { return ++tlsVmapLevel; }

std::int64_t vmapDecrementNesting() {
  if (tlsVmapLevel == 0) {
    throw std::logic_error("vmap: decrementing the nesting with no vmap running");
  }
  return --tlsVmapLevel;
}

Tensor addBatchDim(const Tensor& tensor, std::int64_t batchDim, std::int64_t level) {
  return makeBatched(moveDim(tensor, wrapDim(batchDim, tensor.dim(), "in_dim"), 0), level);
}

Tensor removeBatchDim(const Tensor& tensor, std::int64_t level, std::int64_t batchSize, std::int64_t outDim) {
  return unwrapResult(tensor, level, batchSize, outDim);
}

Tensor moveDim(const Tensor& tensor, std::int64_t from, std::int64_t to) {
  // Checked first, as torch.movedim checks them (maybe_wrap_dim): an index
  // past the sizes' end would read and write out of them. Negative ones
  // count from the end.
  try {
    const std::int64_t wrappedFrom = mini::wrapDim(from, tensor.dim());
    to = mini::wrapDim(to, tensor.dim());
    from = wrappedFrom;
  } catch (const std::out_of_range& error) {
    throw std::out_of_range(
        fmt::format("moveDim(tensor, {}, {}) of a tensor of {} dimensions: {}", from, to, tensor.dim(), error.what()));
  }
  if (from == to) {
    return tensor;
  }
  if (tensor.requiresGrad() || maybeGetBatchedImpl(tensor) != nullptr) {
    throw std::invalid_argument(fmt::format(
        "vmap: moving dimension {} to {} of a tensor that {} needs a permute operator, which this chapter lacks; "
        "map over dimension 0",
        from, to, tensor.requiresGrad() ? "requires grad" : "is batched by an outer vmap"));
  }
  Sizes sizes = tensor.sizes();
  Strides strides = tensor.strides();
  const std::int64_t size = sizes[static_cast<std::size_t>(from)];
  const std::int64_t stride = strides[static_cast<std::size_t>(from)];
  sizes.erase(sizes.begin() + from);
  strides.erase(strides.begin() + from);
  sizes.insert(sizes.begin() + to, size);
  strides.insert(strides.begin() + to, stride);
  return makeView(tensor, sizes, strides, tensor.storageOffset());
}

VmapFunction vmap(VmapFunction function, std::vector<std::optional<std::int64_t>> inDims,
                  std::vector<std::int64_t> outDims) {
  return [function = std::move(function), inDims = std::move(inDims),
          outDims = std::move(outDims)](const std::vector<Tensor>& inputs) {
    if (inputs.size() != inDims.size()) {
      throw std::invalid_argument(
          fmt::format("vmap: in_dims has {} entries but the function got {} inputs", inDims.size(), inputs.size()));
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
      const std::int64_t dim = wrapDim(*inDims[i], inputs[i].dim(), "in_dim");
      mappedSizes.push_back(inputs[i].sizes()[static_cast<std::size_t>(dim)]);
      wrapped.push_back(addBatchDim(inputs[i], dim, guard.level()));
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
    if (outDims.size() != 1 && outDims.size() != results.size()) {
      throw std::invalid_argument(fmt::format("vmap: out_dims has {} entries but the function returned {} results",
                                              outDims.size(), results.size()));
    }
    std::vector<Tensor> unwrapped;
    for (std::size_t i = 0; i < results.size(); ++i) {
      unwrapped.push_back(unwrapResult(results[i], guard.level(), batchSize, outDims[outDims.size() == 1 ? 0 : i]));
    }
    return unwrapped;
  };
}

}  // namespace ch06
}  // namespace mini
