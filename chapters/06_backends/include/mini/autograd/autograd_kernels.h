#pragma once
/// \file
/// \brief The Autograd kernels: record a node if grad is needed, then run
///        the operator below autograd.

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "mini/autograd/node.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/dispatch_key_set.h"
#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch06 {

// [record_if_needed]
/// The first half of every autograd kernel: if this call must be recorded
/// (grad mode on, an input requires grad), a new node of type NodeT wired to
/// the inputs' gradient edges; otherwise null, and the kernel only forwards.
template <class NodeT>
std::shared_ptr<NodeT> recordIfNeeded(const TensorList& inputs) {
  if (!computeRequiresGrad(inputs)) {
    return nullptr;
  }
  return std::make_shared<NodeT>(collectNextEdges(inputs));
}
// [record_if_needed]

// [redispatch_below_autograd]
/// The middle of every autograd kernel: the same operator again, one level
/// down. The key set loses every autograd key (so the dispatcher picks
/// ADInplaceOrView's or the backend's kernel), and the guard keeps whatever
/// that kernel calls through the public API from coming back up.
template <class FunctionType, class... Args>
decltype(auto) redispatchBelowAutograd(const TypedOperatorHandle<FunctionType>& op, DispatchKeySet dispatchKeySet,
                                       Args&&... args) {
  AutoDispatchBelowADInplaceOrView guard;
  return op.redispatch(dispatchKeySet & kAfterAutogradKeySet, std::forward<Args>(args)...);
}
// [redispatch_below_autograd]

/// Refuses the in-place calls autograd cannot follow: a write into a leaf
/// that requires grad, and into a view while `inputs` (every tensor argument,
/// self included) record grad. Every kernel that writes a tensor calls it
/// before the write: the in-place Autograd kernels and the
/// autograd-not-implemented fallback (PyTorch's check_inplace).
void checkInplace(const Tensor& self, const TensorList& inputs, std::string_view op);

/// The functional kernels after add, in the same order: the node and what
/// `save` gives it, the operator one level down, the node hung on the result.
template <class NodeT, class FunctionType, class Save, class... Args>
Tensor recordFunctional(const TypedOperatorHandle<FunctionType>& op, DispatchKeySet dispatchKeySet,
                        const TensorList& inputs, Save save, const Args&... args) {
  std::shared_ptr<NodeT> node = recordIfNeeded<NodeT>(inputs);
  if (node != nullptr) {
    save(*node);
  }
  Tensor result = redispatchBelowAutograd(op, dispatchKeySet, args...);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

/// The tensors among an in-place call's arguments, self first: fill_'s
/// value is an argument of the call but no input of the node.
inline void appendIfTensor(TensorList& tensors, const Tensor& tensor) { tensors.push_back(tensor); }
template <class NotATensor>
void appendIfTensor(TensorList& /*tensors*/, const NotATensor& /*value*/) {}

template <class... Args>
TensorList tensorInputs(const Tensor& self, const Args&... args) {
  TensorList tensors{self};
  (appendIfTensor(tensors, args), ...);
  return tensors;
}

// [record_inplace]
/// The in-place Autograd kernels after add_, in the order of 1.13's
/// generated ones: check_inplace; the node, whose edges lead to self's *old*
/// history, and what `save` gives it (before the write, so a formula that
/// needs self's old values saves a clone of them); the write one level
/// down, which bumps self's version; then self's history becomes the new
/// node (rebase_history). Returns the node (null when nothing is recorded)
/// for a formula that reads the result, which is self after the write.
template <class NodeT, class FunctionType, class Save, class... Args>
std::shared_ptr<NodeT> recordInplace(const TypedOperatorHandle<FunctionType>& op, DispatchKeySet dispatchKeySet,
                                     std::string_view name, Save save, Tensor& self, const Args&... args) {
  const TensorList inputs = tensorInputs(self, args...);
  checkInplace(self, inputs, name);
  std::shared_ptr<NodeT> node = recordIfNeeded<NodeT>(inputs);
  if (node != nullptr) {
    save(*node);
  }
  redispatchBelowAutograd(op, dispatchKeySet, self, args...);
  if (node != nullptr) {
    setHistory(self, node);
  }
  return node;
}
// [record_inplace]

/// What a kernel saves when its node needs nothing.
inline constexpr auto kSaveNothing = [](const auto& /*node*/) {};

/// The Autograd kernels. Their first parameter receives the call's key set
/// (the dispatcher passes it to a kernel that asks), which they mask with
/// kAfterAutogradKeySet to redispatch.
Tensor addAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other, const Scalar& alpha);
Tensor subAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other, const Scalar& alpha);
Tensor mulAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);
Tensor divAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);
Tensor negAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor sumAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor matmulAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);
Tensor reluAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor expAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor tAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor viewAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Sizes& sizes);
Tensor toCopyAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, ScalarType dtype, Device device);
Tensor sumDimIntListAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const std::vector<std::int64_t>& dim,
                             bool keepdim);
Tensor cloneAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor& fillInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, double value);
Tensor atan2Autograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);
Tensor sinAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor& addInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other, const Scalar& alpha);
Tensor& subInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other, const Scalar& alpha);
Tensor& mulInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other);
Tensor& divInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other);
Tensor& atan2InplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other);
Tensor& negInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self);
Tensor& reluInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self);
Tensor& expInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self);
/// copy_ (hand-written in 1.13 too, VariableTypeManual.cpp): recorded only
/// into a floating self, the one dtype a gradient can have.
Tensor& copyInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& src);

}  // namespace ch06
}  // namespace mini
