#include "mini/autograd/autograd_kernels.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/backward_nodes.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/grad_mode.h"
#include "mini/core/scalar_type.h"
#include "mini/native/cpu/cpu_kernels.h"

namespace mini {
inline namespace ch06 {

// [add_autograd]
// The Autograd row of add's table. Its job, in order: decide whether this
// call must be recorded; if so, make the node and give it what backward
// needs; run the operator *below* autograd (the redispatch: the same
// operator, the key set with every autograd key masked off, so the next
// kernel is ADInplaceOrView's or CPU's); hang the node on the result.
// Written out here; the other kernels say the same with
// redispatchBelowAutograd.
Tensor addAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other, const Scalar& alpha) {
  std::shared_ptr<AddBackward0> node = recordIfNeeded<AddBackward0>({self, other});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
    node->alpha = alpha;
  }
  Tensor result;
  {
    AutoDispatchBelowADInplaceOrView guard;
    result = addOp().redispatch(dispatchKeySet & kAfterAutogradKeySet, self, other, alpha);
  }
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}
// [add_autograd]

Tensor subAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other, const Scalar& alpha) {
  std::shared_ptr<SubBackward0> node = recordIfNeeded<SubBackward0>({self, other});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
    node->alpha = alpha;
  }
  Tensor result = redispatchBelowAutograd(subOp(), dispatchKeySet, self, other, alpha);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

// [mul_autograd]
Tensor mulAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  std::shared_ptr<MulBackward0> node = recordIfNeeded<MulBackward0>({self, other});
  if (node != nullptr) {
    // Each input's gradient needs the *other* input: save only what a
    // wanted gradient will read.
    if (node->needsInputGrad(0)) {
      node->other = SavedVariable(other);
    }
    if (node->needsInputGrad(1)) {
      node->self = SavedVariable(self);
    }
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  Tensor result = redispatchBelowAutograd(mulOp(), dispatchKeySet, self, other);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}
// [mul_autograd]

Tensor divAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  std::shared_ptr<DivBackward0> node = recordIfNeeded<DivBackward0>({self, other});
  if (node != nullptr) {
    node->other = SavedVariable(other);
    if (node->needsInputGrad(1)) {
      node->self = SavedVariable(self);
    }
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  Tensor result = redispatchBelowAutograd(divOp(), dispatchKeySet, self, other);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

// [to_copy_autograd]
Tensor toCopyAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, ScalarType dtype, Device device) {
  std::shared_ptr<ToCopyBackward0> node = recordIfNeeded<ToCopyBackward0>({self});
  if (node != nullptr) {
    node->selfDtype = self.dtype();
    node->selfDevice = self.device();
  }
  Tensor result = redispatchBelowAutograd(toCopyOp(), dispatchKeySet, self, dtype, device);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}
// [to_copy_autograd]

Tensor negAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  std::shared_ptr<NegBackward0> node = recordIfNeeded<NegBackward0>({self});
  Tensor result = redispatchBelowAutograd(negOp(), dispatchKeySet, self);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

Tensor sumAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  std::shared_ptr<SumBackward0> node = recordIfNeeded<SumBackward0>({self});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
  }
  Tensor result = redispatchBelowAutograd(sumOp(), dispatchKeySet, self);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

Tensor matmulAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  std::shared_ptr<MmBackward0> node = recordIfNeeded<MmBackward0>({self, other});
  if (node != nullptr) {
    if (node->needsInputGrad(0)) {
      node->other = SavedVariable(other);
    }
    if (node->needsInputGrad(1)) {
      node->self = SavedVariable(self);
    }
  }
  Tensor result = redispatchBelowAutograd(matmulOp(), dispatchKeySet, self, other);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

Tensor reluAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  std::shared_ptr<ReluBackward0> node = recordIfNeeded<ReluBackward0>({self});
  Tensor result = redispatchBelowAutograd(reluOp(), dispatchKeySet, self);
  if (node != nullptr) {
    setHistory(result, node);
    // Saved after setHistory: the error for a stale result then says
    // "output 0 of ReluBackward0".
    node->result = SavedVariable(result);
  }
  return result;
}

Tensor expAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  std::shared_ptr<ExpBackward0> node = recordIfNeeded<ExpBackward0>({self});
  Tensor result = redispatchBelowAutograd(expOp(), dispatchKeySet, self);
  if (node != nullptr) {
    setHistory(result, node);
    node->result = SavedVariable(result);
  }
  return result;
}

Tensor tAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  std::shared_ptr<TBackward0> node = recordIfNeeded<TBackward0>({self});
  Tensor result = redispatchBelowAutograd(tOp(), dispatchKeySet, self);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

Tensor viewAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Sizes& sizes) {
  std::shared_ptr<ViewBackward0> node = recordIfNeeded<ViewBackward0>({self});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
  }
  Tensor result = redispatchBelowAutograd(viewOp(), dispatchKeySet, self, sizes);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

// [check_inplace]
void checkInplace(const Tensor& self, const TensorList& inputs, std::string_view op) {
  if (!GradMode::isEnabled()) {
    return;  // an optimizer step under no_grad may write into its weights
  }
  if (self.isLeaf() && self.requiresGrad()) {
    // Its AccumulateGrad expects the value the graph was built from.
    throw std::runtime_error("a leaf Variable that requires grad is being used in an in-place operation.");
  }
  if (self.unsafeGetTensorImpl()->autograd->isView && computeRequiresGrad(inputs)) {
    // PyTorch rewrites the base's history here (CopySlices); this chapter refuses.
    throw std::runtime_error(fmt::format(
        "{}: an in-place operation on a view of a tensor that requires grad is not supported in this chapter", op));
  }
}
// [check_inplace]

// [add_inplace_autograd]
Tensor& addInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other, const Scalar& alpha) {
  checkInplace(self, {self, other}, "add_");
  // The node's edges are taken before the write: they lead to self's *old*
  // history, which the new node then replaces (PyTorch's rebase_history).
  std::shared_ptr<AddBackward0> node = recordIfNeeded<AddBackward0>({self, other});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
    node->alpha = alpha;
  }
  redispatchBelowAutograd(addInplaceOp(), dispatchKeySet, self, other, alpha);
  if (node != nullptr) {
    setHistory(self, node);
  }
  return self;
}
// [add_inplace_autograd]

namespace {

// What the nodes of binary operators keep for reduceTo: both inputs' sizes.
template <class NodeT>
void saveSizes(NodeT& node, const Tensor& self, const Tensor& other) {
  node.selfSizes = self.sizes();
  node.otherSizes = other.sizes();
}

// Both of atan2's gradients read both inputs; atan2_ passes a clone of
// self's old values as `self`.
void saveAtan2Inputs(Atan2Backward0& node, const Tensor& self, const Tensor& other) {
  node.self = SavedVariable(self);
  node.other = SavedVariable(other);
  saveSizes(node, self, other);
}

}  // namespace

Tensor& mulInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other) {
  recordInplace<MulBackward0>(
      mulInplaceOp(), dispatchKeySet, "mul_",
      [&](MulBackward0& node) {
        if (node.needsInputGrad(0)) {
          node.other = SavedVariable(other);
        }
        if (node.needsInputGrad(1)) {
          // other's gradient needs self as it was before the write.
          node.self = SavedVariable(clone(self));
        }
        saveSizes(node, self, other);
      },
      self, other);
  return self;
}

Tensor& subInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other, const Scalar& alpha) {
  recordInplace<SubBackward0>(
      subInplaceOp(), dispatchKeySet, "sub_",
      [&](SubBackward0& node) {
        saveSizes(node, self, other);
        node.alpha = alpha;
      },
      self, other, alpha);
  return self;
}

Tensor& divInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other) {
  recordInplace<DivBackward0>(
      divInplaceOp(), dispatchKeySet, "div_",
      [&](DivBackward0& node) {
        node.other = SavedVariable(other);  // both gradients read it
        if (node.needsInputGrad(1)) {
          // -grad * self / other^2 reads self as it was before the write:
          // 1.13 saves self.clone() here, and so does this kernel.
          node.self = SavedVariable(clone(self));
        }
        saveSizes(node, self, other);
      },
      self, other);
  return self;
}

Tensor& atan2InplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other) {
  recordInplace<Atan2Backward0>(
      atan2InplaceOp(), dispatchKeySet, "atan2_",
      [&](Atan2Backward0& node) { saveAtan2Inputs(node, clone(self), other); }, self, other);
  return self;
}

Tensor& negInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self) {
  recordInplace<NegBackward0>(negInplaceOp(), dispatchKeySet, "neg_", kSaveNothing, self);
  return self;
}

// relu_ and exp_: the formula reads the result, which is self after the
// write, saved at its new version (1.13 saves it so too: a later write into
// self is then caught).
Tensor& reluInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self) {
  if (auto node = recordInplace<ReluBackward0>(reluInplaceOp(), dispatchKeySet, "relu_", kSaveNothing, self)) {
    node->result = SavedVariable(self);
  }
  return self;
}

Tensor& expInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self) {
  if (auto node = recordInplace<ExpBackward0>(expInplaceOp(), dispatchKeySet, "exp_", kSaveNothing, self)) {
    node->result = SavedVariable(self);
  }
  return self;
}

Tensor& copyInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& src) {
  checkInplace(self, {self, src}, "copy_");
  // Copied into an integer tensor, the values lose their gradient: 1.13
  // records nothing there (isDifferentiableType), so self stays without one.
  std::shared_ptr<CopyBackwards> node =
      isFloatingType(self.dtype()) ? recordIfNeeded<CopyBackwards>({self, src}) : nullptr;
  if (node != nullptr) {
    node->srcSizes = src.sizes();
    node->srcDtype = src.dtype();
    node->srcDevice = src.device();
  }
  redispatchBelowAutograd(copyInplaceOp(), dispatchKeySet, self, src);
  if (node != nullptr) {
    setHistory(self, node);
  }
  return self;
}

// fill_: like copy_, a write whose result forgets self's old values. Its one
// tensor input is self, so the node has one edge, to self's old history.
Tensor& fillInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, double value) {
  recordInplace<FillBackward2>(fillInplaceOp(), dispatchKeySet, "fill_", kSaveNothing, self, value);
  return self;
}

Tensor sumDimIntListAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const std::vector<std::int64_t>& dim,
                             bool keepdim) {
  return recordFunctional<SumBackward1>(
      sumDimIntListOp(), dispatchKeySet, {self},
      [&](SumBackward1& node) {
        node.selfSizes = self.sizes();
        node.dim = dim;
        node.keepdim = keepdim;
      },
      self, dim, keepdim);
}

Tensor cloneAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  return recordFunctional<CloneBackward0>(cloneOp(), dispatchKeySet, {self}, kSaveNothing, self);
}

Tensor atan2Autograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  return recordFunctional<Atan2Backward0>(
      atan2Op(), dispatchKeySet, {self, other}, [&](Atan2Backward0& node) { saveAtan2Inputs(node, self, other); }, self,
      other);
}

Tensor sinAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  return recordFunctional<SinBackward0>(
      sinOp(), dispatchKeySet, {self}, [&](SinBackward0& node) { node.self = SavedVariable(self); }, self);
}

}  // namespace ch06
}  // namespace mini
