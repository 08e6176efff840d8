#pragma once
/// \file
/// \brief Tensor: a handle to a TensorImpl, which views a Storage through
///        sizes, strides and an offset, with a dtype, a device, the key set
///        the dispatcher reads and chapter 05's autograd state.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "mini/core/dispatch_key_set.h"
#include "mini/core/scalar.h"
#include "mini/core/shape.h"
#include "mini/core/storage.h"
#include "mini/core/tensor_options.h"
#include "mini/util/intrusive_ptr.h"
#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch06 {

class Node;
struct AutogradMeta;

// [tensor_impl]
/// One tensor: a strided view of a storage. Element [i, j] lives at
/// `storageOffset + i * strides[0] + j * strides[1]` elements into the
/// storage, so a transpose or a slice is a new TensorImpl on the same bytes
/// with other strides or another offset, and copies nothing.
///
/// The key set now follows from the storage's device: a CUDA tensor carries
/// {CUDA, ADInplaceOrView, AutogradCUDA, AutocastCUDA}, a Meta tensor
/// {Meta, ADInplaceOrView, AutogradMeta}. That one field is how the
/// device picks the kernel.
struct TensorImpl : intrusive_ptr_target {
  TensorImpl(std::shared_ptr<Storage> storage, Sizes sizes, Strides strides, std::int64_t storageOffset,
             ScalarType dtype);
  ~TensorImpl() override;

  DispatchKeySet keySet;
  std::shared_ptr<Storage> storage;
  Sizes sizes;
  Strides strides;
  std::int64_t storageOffset = 0;
  ScalarType dtype = kDefaultFloatType;
  /// requires_grad, grad, grad_fn (mini/autograd/autograd_meta.h), as in chapter 05.
  std::unique_ptr<AutogradMeta> autograd;
  /// c10's is_wrapped_number: a zero-dimensional tensor the Python binding
  /// made from a number (the 2 of `a * 2`). Type promotion counts it below
  /// every tensor (resultType), so `a * 2` keeps a's dtype.
  bool wrappedNumber = false;
};
// [tensor_impl]

// [tensor]
/// A reference-counted handle, as in chapters 04 and 05: copying a Tensor
/// copies the handle, not the data.
class Tensor {
 public:
  /// An undefined tensor: the "no gradient" of a backward formula.
  Tensor() = default;
  explicit Tensor(intrusive_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  bool defined() const { return static_cast<bool>(impl_); }
  /// What the dispatcher reads; it follows from the device.
  DispatchKeySet keySet() const { return impl().keySet; }
  const Sizes& sizes() const { return impl().sizes; }
  const Strides& strides() const { return impl().strides; }
  std::int64_t storageOffset() const;
  std::int64_t dim() const { return static_cast<std::int64_t>(sizes().size()); }
  std::int64_t numel() const;
  ScalarType dtype() const { return impl().dtype; }
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

  /// Chapter 05's view of the elements, kept for its autograd tests and
  /// gradcheck: a contiguous float64 CPU tensor's elements in order. Any
  /// other tensor throws, naming its dtype and device.
  std::span<const double> data() const;
  std::span<double> mutableData() const;
  /// The value of a one-element tensor of any dtype on the CPU, as a double.
  double item() const;

  /// Autograd state, as in chapter 05.
  bool requiresGrad() const;
  Tensor& setRequiresGrad(bool requiresGrad);
  bool isLeaf() const;
  const Tensor& grad() const;
  Tensor& mutableGrad() const;
  const std::shared_ptr<Node>& gradFn() const;
  std::uint32_t outputNr() const;
  /// The version of this tensor's storage: the number of in-place writes.
  std::uint32_t version() const;
  /// Shares the storage (and so the version) and has no autograd history.
  Tensor detach() const;
  /// Runs the engine from this tensor, freeing the graph's saved tensors
  /// unless `retainGraph`.
  void backward(const Tensor& gradient = {}, bool retainGraph = false) const;

  /// tensor.to(device): this tensor if it is already there, else a copy on
  /// `device` made by the operator aten::_to_copy, which dispatches on the
  /// source's device. Differentiable: the gradient goes back to the source.
  Tensor to(Device device) const;
  /// tensor.to(dtype): the same, converting the element type.
  Tensor to(ScalarType dtype) const;

  // [tensor_methods]
  // a.add(b), a.add_(b), a.mul(b), c.sum(), ...: one method for every
  // ops.yaml entry with `variants: method`, declared here by the code
  // generator (codegen/gen_ops.py), as PyTorch's TensorBody.h is written from
  // a template. Each calls its operator's _ops struct, so a.add(b) and
  // mini::add(a, b) are the same dispatcher call.
#include "mini/generated/TensorMethodDeclarations.h"
  // [tensor_methods]

  bool is_same(const Tensor& other) const { return impl_.get() == other.impl_.get(); }
  bool isSameAs(const Tensor& other) const { return is_same(other); }
  std::size_t use_count() const { return impl_.use_count(); }
  TensorImpl* unsafeGetTensorImpl() const { return impl_.get(); }
  intrusive_ptr<TensorImpl> releaseImpl() && { return std::move(impl_); }

 private:
  // Inline, with the accessors above: every dispatcher call reads a key
  // set through it. The undefined case throws out of line.
  TensorImpl& impl() const {
    if (!impl_) [[unlikely]] {
      throwUndefined();
    }
    return *impl_;
  }
  [[noreturn]] static void throwUndefined();
  void checkDataPtrAccess(ScalarType requested) const;

  intrusive_ptr<TensorImpl> impl_;
};
// [tensor]
static_assert(sizeof(Tensor) == sizeof(void*), "an IValue stores a Tensor in its 8-byte payload");

template <class T>
T* Tensor::dataPtr() const {
  checkDataPtrAccess(scalarTypeOf<std::remove_const_t<T>>());
  return static_cast<T*>(rawData());
}

/// The tensors a backward formula receives and returns.
using TensorList = std::vector<Tensor>;

/// The backend bit of a device type: CPU -> CPUBit, PrivateUse1 -> PrivateUse1Bit.
BackendComponent backendComponentOf(DeviceType type);
/// {ADInplaceOrView, Autograd<backend>}: every tensor carries its autograd keys.
DispatchKeySet getAutogradRelatedKeySetFromBackend(BackendComponent backend);
/// {Autocast<backend>} for CPU and CUDA, nothing for the others.
DispatchKeySet getAutocastRelatedKeySetFromBackend(BackendComponent backend);
/// What a plain tensor on `backend` carries.
DispatchKeySet tensorKeySetForBackend(BackendComponent backend);

/// A new, uninitialised, contiguous tensor: the bytes come from the
/// allocator of `options.device` (none on Meta). Every backend's `empty`
/// kernel ends here; it is at::detail::empty_generic.
Tensor emptyTensor(const Sizes& sizes, const TensorOptions& options);

/// A second tensor on the same storage with other sizes, strides, offset.
Tensor makeView(const Tensor& base, Sizes sizes, Strides strides, std::int64_t storageOffset);

/// A float64 CPU tensor holding `values` (torch.tensor(values, dtype=torch.float64)):
/// chapter 05's constructor, which its autograd tests and gradcheck use.
Tensor fromValues(std::vector<double> values, Sizes sizes, bool requiresGrad = false);
/// A zero-dimensional float64 CPU tensor.
Tensor scalarTensor(double value, bool requiresGrad = false);

/// "tensor([[1., 2.],\n        [3., 4.]], dtype=torch.float64, requires_grad=True)":
/// what repr() of the same torch tensor prints (torch/_tensor_str.py), the
/// device when it is not the CPU included; no summary with "..." for large
/// tensors, and no print options.
std::string formatTensor(const Tensor& tensor);

}  // namespace ch06
}  // namespace mini

// The methods' bodies: they call the _ops structs, which need class Tensor
// declared first.
#include "mini/generated/TensorMethodDefinitions.h"

template <>
struct fmt::formatter<mini::Tensor> : fmt::formatter<std::string_view> {
  auto format(const mini::Tensor& tensor, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(mini::formatTensor(tensor), ctx);
  }
};
