#pragma once
/// \file
/// \brief The Autograd kernels: record a node if grad is needed, then run
///        the operator below autograd.

#include <memory>

#include "mini/autograd/node.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/dispatch_key_set.h"
#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch05 {

// [record_if_needed]
/// The first half of every autograd kernel: if this call must be recorded
/// (grad mode on, an input requires grad), a new node of type NodeT wired to
/// the inputs' gradient edges; otherwise null, and the kernel only forwards.
/// Freed by deleteNode, as every node (node.h).
template <class NodeT>
std::shared_ptr<NodeT> recordIfNeeded(const TensorList& inputs) {
  if (!computeRequiresGrad(inputs)) {
    return nullptr;
  }
  return std::shared_ptr<NodeT>(new NodeT(collectNextEdges(inputs)), deleteNode);
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

/// The Autograd kernels. Their first parameter receives the call's key set
/// (the dispatcher passes it to a kernel that asks), which they mask with
/// kAfterAutogradKeySet to redispatch.
Tensor addAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);
Tensor subAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);
Tensor mulAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);
Tensor divAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);
Tensor negAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor sumAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor matmulAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);
Tensor reluAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor expAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor tAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);
Tensor viewAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Sizes& sizes);
Tensor& addInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other);
Tensor& mulInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other);

/// Refuses the in-place calls autograd cannot follow: a write into a leaf
/// that requires grad, and into a view while `inputs` (every tensor argument,
/// self included) record grad. Every kernel that writes a tensor calls it
/// before the write: the in-place Autograd kernels and the
/// autograd-not-implemented fallback (PyTorch's check_inplace).
void checkInplace(const Tensor& self, const TensorList& inputs, std::string_view op);

}  // namespace ch05
}  // namespace mini
