#pragma once
/// \file
/// \brief A tensor is now a handle: one pointer to a reference-counted TensorImpl.
///
/// Two changes since chapter 03, both for this chapter's lesson. An IValue
/// stores its payload in 8 bytes, so a Tensor must be one pointer (PyTorch's
/// at::Tensor is an intrusive_ptr<TensorImpl>). And the Batched fallback
/// needs something to loop over, so a tensor holds a list of values, and a
/// batched tensor holds a batch of equal-length rows.

#include <cstddef>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "mini/core/dispatch_key_set.h"
#include "mini/util/intrusive_ptr.h"
#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch04 {

// [tensor_impl]
/// What a tensor is. Many Tensor handles may share one TensorImpl: copying a
/// Tensor, pushing it on a Stack or storing it in an IValue copies a pointer
/// and bumps the count, never the values.
class TensorImpl : public intrusive_ptr_target {
 public:
  /// `batchSize` 0: a plain 1-D tensor. `batchSize` B > 0: a batched tensor,
  /// `values` holding B rows of values.size() / B values each, row after row.
  TensorImpl(DispatchKeySet keySet, std::vector<double> values, std::size_t batchSize, bool requiresGrad,
             std::string_view gradFn)
      : keySet_(keySet),
        values_(std::move(values)),
        batchSize_(batchSize),
        requiresGrad_(requiresGrad),
        gradFn_(gradFn) {}

  DispatchKeySet keySet() const { return keySet_; }
  const std::vector<double>& values() const { return values_; }
  /// For in-place and out= kernels: every handle sees the change.
  std::vector<double>& mutableValues() { return values_; }
  std::size_t batchSize() const { return batchSize_; }
  bool requiresGrad() const { return requiresGrad_; }
  std::string_view gradFn() const { return gradFn_; }

 private:
  DispatchKeySet keySet_;
  std::vector<double> values_;
  std::size_t batchSize_;
  bool requiresGrad_;
  std::string_view gradFn_;
};
// [tensor_impl]

// [tensor]
/// A handle to a TensorImpl, 8 bytes. A default-constructed Tensor is
/// undefined (no impl), like an undefined at::Tensor.
class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(intrusive_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}
  /// A one-value tensor, as in chapters 02 and 03.
  Tensor(DispatchKeySet keySet, double value, bool requiresGrad = false, std::string_view gradFn = {})
      : Tensor(keySet, std::vector<double>{value}, requiresGrad, gradFn) {}
  /// A 1-D tensor of `values`.
  Tensor(DispatchKeySet keySet, std::vector<double> values, bool requiresGrad = false, std::string_view gradFn = {})
      : impl_(make_intrusive<TensorImpl>(keySet, std::move(values), 0, requiresGrad, gradFn)) {}

  bool defined() const { return static_cast<bool>(impl_); }
  DispatchKeySet keySet() const { return impl_->keySet(); }
  /// The only value of a one-value tensor; any other size is an error, as
  /// PyTorch's `item()` says it: "a Tensor with 2 elements cannot be converted to Scalar".
  double item() const;
  const std::vector<double>& values() const { return impl_->values(); }
  /// Writes through the handle, as in-place kernels do (`self.add_(other)`).
  std::vector<double>& mutableValues() const { return impl_->mutableValues(); }
  std::size_t numel() const { return impl_->values().size(); }
  /// 0 unless the tensor is batched (see makeBatchedTensor).
  std::size_t batchSize() const { return impl_->batchSize(); }
  bool requiresGrad() const { return impl_->requiresGrad(); }
  /// The backward node an autograd kernel attached ("AddBackward0"), or "".
  std::string_view gradFn() const { return impl_->gradFn(); }
  /// The backend of the tensor's key set (CPUBit for a CPU tensor).
  BackendComponent backend() const { return keySet().highestBackendKey(); }

  /// The shared impl, for IValue, which stores it as a raw owning pointer.
  TensorImpl* unsafeGetTensorImpl() const { return impl_.get(); }
  intrusive_ptr<TensorImpl> releaseImpl() && { return std::move(impl_); }
  /// How many handles share this tensor's impl.
  std::size_t use_count() const { return impl_.use_count(); }
  /// True when both handles share one impl (`a.is_same(b)` in PyTorch).
  bool is_same(const Tensor& other) const { return impl_.get() == other.impl_.get(); }

 private:
  intrusive_ptr<TensorImpl> impl_;
};
static_assert(sizeof(Tensor) == sizeof(void*), "an IValue stores a Tensor in its 8-byte payload");
// [tensor]

// [tensor_key_set]
/// {ADInplaceOrView, Autograd<backend>}: every tensor carries its autograd
/// keys, requires_grad or not. The autograd kernel checks requires_grad; the
/// key set stays the same, so making a tensor require grad costs no lookup.
DispatchKeySet getAutogradRelatedKeySetFromBackend(BackendComponent backend);
/// {Autocast<backend>} for CPU and CUDA, nothing for the others.
DispatchKeySet getAutocastRelatedKeySetFromBackend(BackendComponent backend);
/// What a plain tensor on `backend` carries (CPUBit: {CPU, ADInplaceOrView, AutogradCPU, AutocastCPU}).
DispatchKeySet tensorKeySetForBackend(BackendComponent backend);

/// A one-value tensor on `backend`.
Tensor makeTensor(double value, BackendComponent backend = BackendComponent::CPUBit, bool requiresGrad = false);
/// A 1-D tensor of `values` on `backend`.
Tensor makeTensor(std::vector<double> values, BackendComponent backend = BackendComponent::CPUBit,
                  bool requiresGrad = false);
// [tensor_key_set]

// [batched_tensor]
/// A batch of B tensors of equal length, as vmap (1.13's `functorch.vmap`) sees its input: the
/// key set of a plain tensor plus Batched, so a call on it runs the Batched
/// kernel first. Rows of different lengths are an error.
Tensor makeBatchedTensor(const std::vector<std::vector<double>>& rows,
                         BackendComponent backend = BackendComponent::CPUBit);
/// Row `index` of a batched tensor, as a plain tensor (without Batched).
Tensor batchSlice(const Tensor& batched, std::size_t index);
/// The inverse of batchSlice: B plain tensors of equal length, one batched tensor.
Tensor stackBatch(const std::vector<Tensor>& slices);
// [batched_tensor]

}  // namespace ch04
}  // namespace mini

/// Prints "tensor(3, CPUBit)", "tensor([1, 2], CPUBit, requires_grad)", a
/// batched tensor as "tensor([[1, 2], [3, 4]], CPUBit, batched)", and an
/// undefined one as "tensor(undefined)".
template <>
struct fmt::formatter<mini::Tensor> : fmt::formatter<std::string_view> {
  fmt::format_context::iterator format(const mini::Tensor& t, fmt::format_context& ctx) const;
};
