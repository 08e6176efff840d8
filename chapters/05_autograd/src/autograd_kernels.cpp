#include "mini/autograd_kernels.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/ad_inplace_or_view_kernels.h"
#include "mini/cpu_kernels.h"
#include "mini/functions.h"
#include "mini/grad_mode.h"
#include "mini/autograd_meta.h"

namespace mini {
inline namespace ch05 {

// [add_autograd]
Tensor addAutograd(const Tensor& self, const Tensor& other) {
  std::shared_ptr<AddBackward0> node = recordIfNeeded<AddBackward0>({self, other});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  Tensor result = addCpu(self, other);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}
// [add_autograd]

Tensor subAutograd(const Tensor& self, const Tensor& other) {
  std::shared_ptr<SubBackward0> node = recordIfNeeded<SubBackward0>({self, other});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  Tensor result = subCpu(self, other);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

// [mul_autograd]
Tensor mulAutograd(const Tensor& self, const Tensor& other) {
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
  Tensor result = mulCpu(self, other);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}
// [mul_autograd]

Tensor divAutograd(const Tensor& self, const Tensor& other) {
  std::shared_ptr<DivBackward0> node = recordIfNeeded<DivBackward0>({self, other});
  if (node != nullptr) {
    node->other = SavedVariable(other);
    if (node->needsInputGrad(1)) {
      node->self = SavedVariable(self);
    }
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  Tensor result = divCpu(self, other);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

Tensor negAutograd(const Tensor& self) {
  std::shared_ptr<NegBackward0> node = recordIfNeeded<NegBackward0>({self});
  Tensor result = negCpu(self);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

Tensor sumAutograd(const Tensor& self) {
  std::shared_ptr<SumBackward0> node = recordIfNeeded<SumBackward0>({self});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
  }
  Tensor result = sumCpu(self);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

Tensor matmulAutograd(const Tensor& self, const Tensor& other) {
  std::shared_ptr<MmBackward0> node = recordIfNeeded<MmBackward0>({self, other});
  if (node != nullptr) {
    if (node->needsInputGrad(0)) {
      node->other = SavedVariable(other);
    }
    if (node->needsInputGrad(1)) {
      node->self = SavedVariable(self);
    }
  }
  Tensor result = matmulCpu(self, other);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

Tensor reluAutograd(const Tensor& self) {
  std::shared_ptr<ReluBackward0> node = recordIfNeeded<ReluBackward0>({self});
  Tensor result = reluCpu(self);
  if (node != nullptr) {
    setHistory(result, node);
    // Saved after setHistory: the error for a stale result then says
    // "output 0 of ReluBackward0".
    node->result = SavedVariable(result);
  }
  return result;
}

Tensor expAutograd(const Tensor& self) {
  std::shared_ptr<ExpBackward0> node = recordIfNeeded<ExpBackward0>({self});
  Tensor result = expCpu(self);
  if (node != nullptr) {
    setHistory(result, node);
    node->result = SavedVariable(result);
  }
  return result;
}

Tensor tAutograd(const Tensor& self) {
  std::shared_ptr<TBackward0> node = recordIfNeeded<TBackward0>({self});
  Tensor result = tCpu(self);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

Tensor viewAutograd(const Tensor& self, const Sizes& sizes) {
  std::shared_ptr<ViewBackward0> node = recordIfNeeded<ViewBackward0>({self});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
  }
  Tensor result = viewADInplaceOrView(self, sizes);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

// [check_inplace]
void checkInplace(const Tensor& self, const Tensor& other, std::string_view op) {
  if (!GradMode::isEnabled()) {
    return;  // an optimizer step under no_grad may write into its weights
  }
  if (self.isLeaf() && self.requiresGrad()) {
    // Its AccumulateGrad expects the value the graph was built from.
    throw std::runtime_error("a leaf Variable that requires grad is being used in an in-place operation.");
  }
  if (self.unsafeGetTensorImpl()->autograd->isView && (self.requiresGrad() || other.requiresGrad())) {
    // PyTorch rewrites the base's history here (CopySlices); this chapter refuses.
    throw std::runtime_error(fmt::format(
        "{}: an in-place operation on a view of a tensor that requires grad is not supported in this chapter", op));
  }
}
// [check_inplace]

// [add_inplace_autograd]
Tensor& addInplaceAutograd(Tensor& self, const Tensor& other) {
  checkInplace(self, other, "add_");
  // The node's edges are taken before the write: they lead to self's *old*
  // history, which the new node then replaces (PyTorch's rebase_history).
  std::shared_ptr<AddBackward0> node = recordIfNeeded<AddBackward0>({self, other});
  if (node != nullptr) {
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  addInplaceADInplaceOrView(self, other);
  if (node != nullptr) {
    setHistory(self, node);
  }
  return self;
}
// [add_inplace_autograd]

Tensor& mulInplaceAutograd(Tensor& self, const Tensor& other) {
  checkInplace(self, other, "mul_");
  std::shared_ptr<MulBackward0> node = recordIfNeeded<MulBackward0>({self, other});
  if (node != nullptr) {
    if (node->needsInputGrad(0)) {
      node->other = SavedVariable(other);
    }
    if (node->needsInputGrad(1)) {
      // other's gradient needs self as it was before the write.
      node->self = SavedVariable(cloneCpu(self));
    }
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  mulInplaceADInplaceOrView(self, other);
  if (node != nullptr) {
    setHistory(self, node);
  }
  return self;
}

}  // namespace ch05
}  // namespace mini
