#pragma once
/// \file
/// \brief Tensor: a handle to a TensorImpl, which views a Storage through
///        sizes, strides and an offset, with a dtype and a device.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/intrusive_ptr.h"
#include "mini/shape.h"
#include "mini/storage.h"
#include "mini/tensor_options.h"

namespace mini {
inline namespace ch06 {

// [tensor_impl]
/// One tensor: a strided view of a storage. Element [i, j] lives at
/// `storageOffset + i * strides[0] + j * strides[1]` elements into the
/// storage, so a transpose or a slice is a new TensorImpl on the same bytes
/// with other strides or another offset, and copies nothing.
struct TensorImpl : intrusive_ptr_target {
  TensorImpl(std::shared_ptr<Storage> storage, Sizes sizes, Strides strides, std::int64_t storageOffset,
             ScalarType dtype);

  std::shared_ptr<Storage> storage;
  Sizes sizes;
  Strides strides;
  std::int64_t storageOffset = 0;
  ScalarType dtype = kDefaultFloatType;
};
// [tensor_impl]

// [tensor]
/// A reference-counted handle, as in chapters 04 and 05.
class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(intrusive_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  bool defined() const { return static_cast<bool>(impl_); }
  const Sizes& sizes() const;
  const Strides& strides() const;
  std::int64_t storageOffset() const;
  std::int64_t dim() const { return static_cast<std::int64_t>(sizes().size()); }
  std::int64_t numel() const;
  ScalarType dtype() const;
  Device device() const;
  /// dtype and device, for a factory that makes "another one like this".
  TensorOptions options() const;
  bool isContiguous() const;

  /// The address of element [0, ..., 0] on the tensor's device: what a
  /// kernel of that device indexes from. Throws on Meta, which has no data.
  void* rawData() const;
  /// The same, typed, for CPU kernels and tests; checks dtype and device.
  template <class T>
  T* dataPtr() const;

  TensorImpl* unsafeGetTensorImpl() const { return impl_.get(); }
  bool isSameAs(const Tensor& other) const { return impl_.get() == other.impl_.get(); }

 private:
  TensorImpl& impl() const;
  void checkDataPtrAccess(ScalarType requested) const;

  intrusive_ptr<TensorImpl> impl_;
};
// [tensor]

template <class T>
T* Tensor::dataPtr() const {
  checkDataPtrAccess(scalarTypeOf<std::remove_const_t<T>>());
  return static_cast<T*>(rawData());
}

/// A new, uninitialised, contiguous tensor: the bytes come from the
/// allocator of `options.device` (none on Meta). Every backend's `empty`
/// kernel ends here; it is at::detail::empty_generic.
Tensor emptyTensor(const Sizes& sizes, const TensorOptions& options);

/// A second tensor on the same storage with other sizes, strides, offset.
Tensor makeView(const Tensor& base, Sizes sizes, Strides strides, std::int64_t storageOffset);

}  // namespace ch06
}  // namespace mini
