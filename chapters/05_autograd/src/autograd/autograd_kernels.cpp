#include "mini/autograd/autograd_kernels.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/aten/operators.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/backward_nodes.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/grad_mode.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch05 {

// [add_autograd]
// The Autograd row of add's table. Its job, in order: decide whether this
// call must be recorded; if so, make the node and give it what backward
// needs; run the operator *below* autograd (the redispatch: the same
// operator, the key set with every autograd key masked off, so the next
// kernel is ADInplaceOrView's or CPU's); hang the node on the result.
// Written out here; the other kernels say the same with
// redispatchBelowAutograd.
Tensor addAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  std::shared_ptr<AddBackward0> node = recordIfNeeded<AddBackward0>({self, other});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  Tensor result;
  {
    AutoDispatchBelowADInplaceOrView guard;
    result = addOp().redispatch(dispatchKeySet & kAfterAutogradKeySet, self, other);
  }
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}
// [add_autograd]

Tensor subAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  std::shared_ptr<SubBackward0> node = recordIfNeeded<SubBackward0>({self, other});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  Tensor result = redispatchBelowAutograd(subOp(), dispatchKeySet, self, other);
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
      node->other = SavedVariable(other, false);
    }
    if (node->needsInputGrad(1)) {
      node->self = SavedVariable(self, false);
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
    node->other = SavedVariable(other, false);
    if (node->needsInputGrad(1)) {
      node->self = SavedVariable(self, false);
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
      node->other = SavedVariable(other, false);
    }
    if (node->needsInputGrad(1)) {
      node->self = SavedVariable(self, false);
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
    node->result = SavedVariable(result, true);
  }
  return result;
}

Tensor expAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  std::shared_ptr<ExpBackward0> node = recordIfNeeded<ExpBackward0>({self});
  Tensor result = redispatchBelowAutograd(expOp(), dispatchKeySet, self);
  if (node != nullptr) {
    setHistory(result, node);
    node->result = SavedVariable(result, true);
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
Tensor& addInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other) {
  checkInplace(self, {self, other}, "add_");
  // The node's edges are taken before the write: they lead to self's *old*
  // history, which the new node then replaces (PyTorch's rebase_history).
  std::shared_ptr<AddBackward0> node = recordIfNeeded<AddBackward0>({self, other});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  redispatchBelowAutograd(addInplaceOp(), dispatchKeySet, self, other);
  if (node != nullptr) {
    setHistory(self, node);
  }
  return self;
}
// [add_inplace_autograd]

Tensor& mulInplaceAutograd(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other) {
  checkInplace(self, {self, other}, "mul_");
  std::shared_ptr<MulBackward0> node = recordIfNeeded<MulBackward0>({self, other});
  if (node != nullptr) {
    if (node->needsInputGrad(0)) {
      node->other = SavedVariable(other, false);
    }
    if (node->needsInputGrad(1)) {
      // other's gradient needs self as it was before the write.
      node->self = SavedVariable(cloneCpu(self), false);
    }
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  redispatchBelowAutograd(mulInplaceOp(), dispatchKeySet, self, other);
  if (node != nullptr) {
    setHistory(self, node);
  }
  return self;
}

}  // namespace ch05
}  // namespace mini

// [autograd_registration]
// Registered on the Autograd alias: the kernel fills AutogradCPU,
// AutogradCUDA, ... at once (a formula does not depend on the backend).
MINI_LIBRARY_IMPL(aten, Autograd, m) {
  m.impl("add.Tensor", &mini::addAutograd);
  m.impl("sub.Tensor", &mini::subAutograd);
  m.impl("mul.Tensor", &mini::mulAutograd);
  m.impl("div.Tensor", &mini::divAutograd);
  m.impl("neg", &mini::negAutograd);
  m.impl("sum", &mini::sumAutograd);
  m.impl("matmul", &mini::matmulAutograd);
  m.impl("relu", &mini::reluAutograd);
  m.impl("exp", &mini::expAutograd);
  m.impl("t", &mini::tAutograd);
  m.impl("view", &mini::viewAutograd);
  m.impl("add_.Tensor", &mini::addInplaceAutograd);
  m.impl("mul_.Tensor", &mini::mulInplaceAutograd);
}
// [autograd_registration]
