#pragma once
/// \file
/// \brief Tensor: a handle to sizes, data and autograd state, shared by copies.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "mini/core/dispatch_key_set.h"
#include "mini/core/storage.h"
#include "mini/util/intrusive_ptr.h"
#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch05 {

class Node;
struct AutogradMeta;

/// The element type. Chapter 05 has one, float64, so that finite-difference
/// checks are precise; chapter 06 adds the others.
enum class ScalarType : std::uint8_t { Double };

/// "float64", the name torch prints (torch.float64).
std::string_view scalarTypeName(ScalarType type);

/// Sizes of a tensor, outermost first; {} for a zero-dimensional one.
using Sizes = std::vector<std::int64_t>;

// [tensor_impl]
/// One tensor: contiguous, row-major, at offset 0 of its storage. A view
/// here is a reshape (mini::view), which needs nothing more; chapter 06 adds
/// strides, offsets and devices. Counted by the Tensor handles that share it.
///
/// The key set is still what the dispatcher reads, and it does not change
/// when a tensor starts to require grad: every CPU tensor carries AutogradCPU,
/// and the Autograd kernel asks requires_grad.
struct TensorImpl : intrusive_ptr_target {
  TensorImpl(DispatchKeySet keySet, std::shared_ptr<Storage> storage, Sizes sizes);
  ~TensorImpl() override;

  DispatchKeySet keySet;
  std::shared_ptr<Storage> storage;
  Sizes sizes;
  ScalarType dtype = ScalarType::Double;
  /// requires_grad, grad, grad_fn (mini/autograd/autograd_meta.h). Behind a pointer,
  /// as in PyTorch, because it holds Tensors itself.
  std::unique_ptr<AutogradMeta> autograd;
};
// [tensor_impl]

// [tensor]
/// A reference-counted handle, like at::Tensor (one intrusive pointer, as in
/// chapter 04, so it fits an IValue): copying a Tensor copies the
/// handle, not the data, so `Tensor b = a; add_(b, one)` changes `a` too. An
/// autograd graph holds tensors by handle; a leaf's AccumulateGrad knows
/// the very tensor whose `.grad` it fills.
///
/// The autograd state (requires_grad, grad, grad_fn) sits in the TensorImpl
/// next to the data, as PyTorch's AutogradMeta does, so every handle of one
/// tensor sees the same graph.
class Tensor {
 public:
  /// An undefined tensor: the "no gradient" of a backward formula.
  Tensor() = default;
  explicit Tensor(intrusive_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  bool defined() const { return static_cast<bool>(impl_); }
  /// What the dispatcher reads: {CPU, ADInplaceOrView, AutogradCPU, AutocastCPU}.
  DispatchKeySet keySet() const { return impl().keySet; }
  const Sizes& sizes() const { return impl().sizes; }
  std::int64_t dim() const { return static_cast<std::int64_t>(sizes().size()); }
  std::int64_t numel() const;
  ScalarType dtype() const { return impl().dtype; }

  /// The elements in row-major order. Views of one storage see each other's writes.
  std::span<const double> data() const;
  /// Writable elements. Writing through this does not bump the version:
  /// kernels that write in place go through the ADInplaceOrView step.
  std::span<double> mutableData() const;
  /// The value of a one-element tensor.
  double item() const;

  /// True for a leaf that asked for gradients, and for every result computed
  /// from one while grad mode was on.
  bool requiresGrad() const;
  /// Makes a leaf require grad (torch's `requires_grad_()`); throws for a
  /// non-leaf, whose requires_grad follows from its history.
  Tensor& setRequiresGrad(bool requiresGrad);
  /// No grad_fn: made by the user (or under no_grad), not by a recorded op.
  bool isLeaf() const;
  /// The gradient accumulated by backward(): defined for leaves that require grad.
  const Tensor& grad() const;
  /// The same slot, writable: AccumulateGrad fills it, an optimizer resets it.
  Tensor& mutableGrad() const;
  /// The node that computes this tensor's input gradients, or null.
  const std::shared_ptr<Node>& gradFn() const;
  /// Which output of grad_fn's forward this tensor was (always 0 here).
  std::uint32_t outputNr() const;
  /// The version of this tensor's storage: the number of in-place writes.
  std::uint32_t version() const;
  /// Shares the storage (and so the version) and has no autograd history:
  /// torch's `detach()`.
  Tensor detach() const;

  /// Runs the engine from this tensor. `gradient` may be left out for a
  /// one-element tensor (it is then 1). The graph's saved tensors are freed
  /// on the way unless `retainGraph`.
  void backward(const Tensor& gradient = {}, bool retainGraph = false) const;

  /// True when both handles refer to one tensor (`a.is_same(b)` in PyTorch).
  bool is_same(const Tensor& other) const { return impl_.get() == other.impl_.get(); }
  /// How many handles share this tensor's impl.
  std::size_t use_count() const { return impl_.use_count(); }
  /// The implementation, for the autograd machinery, kernels and IValue.
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

  intrusive_ptr<TensorImpl> impl_;
};
// [tensor]
static_assert(sizeof(Tensor) == sizeof(void*), "an IValue stores a Tensor in its 8-byte payload");

/// The tensors a backward formula receives and returns.
using TensorList = std::vector<Tensor>;

/// {ADInplaceOrView, Autograd<backend>}: every tensor carries its autograd
/// keys, requires_grad or not.
DispatchKeySet getAutogradRelatedKeySetFromBackend(BackendComponent backend);
/// {Autocast<backend>} for CPU and CUDA, nothing for the others.
DispatchKeySet getAutocastRelatedKeySetFromBackend(BackendComponent backend);
/// What a plain tensor on `backend` carries (CPUBit: {CPU, ADInplaceOrView, AutogradCPU, AutocastCPU}).
DispatchKeySet tensorKeySetForBackend(BackendComponent backend);

/// A CPU tensor holding `values` with `sizes` (their product must be values.size()).
Tensor fromValues(std::vector<double> values, Sizes sizes, bool requiresGrad = false);
/// A zero-dimensional tensor: what sum() returns and what scales a tensor.
Tensor scalarTensor(double value, bool requiresGrad = false);
/// A tensor of `sizes` with every element `value`.
Tensor full(Sizes sizes, double value);
Tensor zeros(Sizes sizes);
Tensor ones(Sizes sizes);

/// The number of elements of a tensor with these sizes.
std::int64_t numelOf(const Sizes& sizes);

/// "tensor([1., 2.], dtype=torch.float64, requires_grad=True)": what repr()
/// of the same torch tensor prints, `grad_fn=<MulBackward0>` for a non-leaf
/// (no summary with "..." for large tensors, no print options).
std::string formatTensor(const Tensor& tensor);

}  // namespace ch05
}  // namespace mini

template <>
struct fmt::formatter<mini::Tensor> : fmt::formatter<std::string_view> {
  auto format(const mini::Tensor& tensor, fmt::format_context& ctx) const {
    return fmt::formatter<std::string_view>::format(mini::formatTensor(tensor), ctx);
  }
};
