#include "mini/functorch/batched_tensor_impl.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/core/storage.h"

namespace mini {
inline namespace ch05 {

namespace {
Sizes withoutBatchDim(const Sizes& sizes) { return Sizes(sizes.begin() + 1, sizes.end()); }
}  // namespace

// The logical tensor shares the physical storage with the sizes of one
// sample: what a kernel would see of sample 0, since this chapter's tensors
// are contiguous from the start of their storage. No kernel sees it: the
// Batched key is always the highest of its set.
BatchedTensorImpl::BatchedTensorImpl(Tensor value_, std::int64_t level_)
    : TensorImpl(DispatchKeySet(DispatchKey::Batched) | DispatchKeySet(BackendComponent::CPUBit),
                 value_.unsafeGetTensorImpl()->storage, withoutBatchDim(value_.sizes())),
      value(std::move(value_)),
      level(level_) {}

Tensor makeBatched(const Tensor& value, std::int64_t level) {
  if (value.dim() == 0) {
    throw std::invalid_argument(
        fmt::format("vmap: a batched tensor needs a batch dimension; got a 0-dimensional value at level {}", level));
  }
  // Ownership passes from the derived pointer to the TensorImpl one
  // (intrusive_ptr has no converting constructor): one owner throughout.
  return Tensor(intrusive_ptr<TensorImpl>::reclaim(make_intrusive<BatchedTensorImpl>(value, level).release()));
}

BatchedTensorImpl* maybeGetBatchedImpl(const Tensor& tensor) {
  if (!tensor.defined() || !tensor.keySet().has(DispatchKey::Batched)) {
    return nullptr;
  }
  return static_cast<BatchedTensorImpl*>(tensor.unsafeGetTensorImpl());
}

bool isBatchedAtLevel(const Tensor& tensor, std::int64_t level) {
  const BatchedTensorImpl* batched = maybeGetBatchedImpl(tensor);
  return batched != nullptr && batched->level == level;
}

}  // namespace ch05
}  // namespace mini
