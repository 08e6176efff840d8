#include "mini/tensor.h"

#include <stdexcept>

namespace mini {
inline namespace ch06 {

TensorImpl::TensorImpl(std::shared_ptr<Storage> storage, Sizes sizes, Strides strides, std::int64_t storageOffset,
                       ScalarType dtype)
    : storage(std::move(storage)),
      sizes(std::move(sizes)),
      strides(std::move(strides)),
      storageOffset(storageOffset),
      dtype(dtype) {}

TensorImpl& Tensor::impl() const {
  if (!impl_) {
    throw std::logic_error("this tensor is undefined (a gradient that was never computed?)");
  }
  return *impl_;
}

const Sizes& Tensor::sizes() const { return impl().sizes; }
const Strides& Tensor::strides() const { return impl().strides; }
std::int64_t Tensor::storageOffset() const { return impl().storageOffset; }
std::int64_t Tensor::numel() const { return numelOf(sizes()); }
ScalarType Tensor::dtype() const { return impl().dtype; }
Device Tensor::device() const { return impl().storage->device(); }
TensorOptions Tensor::options() const { return {dtype(), device(), false}; }
bool Tensor::isContiguous() const { return mini::isContiguous(sizes(), strides()); }

// [raw_data]
void* Tensor::rawData() const {
  if (device().isMeta()) {
    throw std::runtime_error(
        "Cannot access data of a meta tensor: it has a shape and a dtype but no storage. Meta tensors "
        "compute the shapes of results only.");
  }
  auto* base = static_cast<char*>(impl().storage->data());
  return base == nullptr ? nullptr : base + storageOffset() * static_cast<std::int64_t>(itemSize(dtype()));
}
// [raw_data]

void Tensor::checkDataPtrAccess(ScalarType requested) const {
  if (requested != dtype()) {
    throw std::invalid_argument(fmt::format("expected scalar type {} but found {}", scalarTypeCName(requested),
                                            scalarTypeCName(dtype())));
  }
  if (!device().isCpu()) {
    throw std::invalid_argument(fmt::format(
        "dataPtr<{}>() reads host memory, but this tensor is on {}: copy it with to(kCpu) first",
        scalarTypeName(requested), device()));
  }
}

// [empty_tensor]
Tensor emptyTensor(const Sizes& sizes, const TensorOptions& options) {
  for (std::int64_t size : sizes) {
    if (size < 0) {
      throw std::invalid_argument(
          fmt::format("Trying to create tensor with negative dimension {}", size));
    }
  }
  const auto nbytes = static_cast<std::size_t>(numelOf(sizes)) * itemSize(options.dtype);
  auto storage = std::make_shared<Storage>(nbytes, options.device);
  return Tensor(make_intrusive<TensorImpl>(std::move(storage), sizes, contiguousStrides(sizes), 0, options.dtype));
}
// [empty_tensor]

Tensor makeView(const Tensor& base, Sizes sizes, Strides strides, std::int64_t storageOffset) {
  return Tensor(make_intrusive<TensorImpl>(base.unsafeGetTensorImpl()->storage, std::move(sizes),
                                           std::move(strides), storageOffset, base.dtype()));
}

}  // namespace ch06
}  // namespace mini
