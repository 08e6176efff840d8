// What codegen/gen_autograd.py does not write: checkInplace and
// rebaseHistory, which every generated in-place kernel calls, and copy_, whose Autograd kernel and node
// 1.13 writes by hand too (torch/csrc/autograd/VariableTypeManual.cpp,
// functions/tensor.h): its gradient depends on the dtype of self, which no
// formula of derivatives.yaml can say.
#include "mini/autograd/variable_type_utils.h"

#include <memory>
#include <stdexcept>

#include "mini/aten/aten.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/copy_slices.h"
#include "mini/autograd/functions_manual.h"
#include "mini/autograd/view_history.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/core/grad_mode.h"
#include "mini/core/scalar_type.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {

void checkInplace(const Tensor& self, const TensorList& inputs) {
  if (!computeRequiresGrad(inputs)) {
    return;  // nothing recorded (an optimizer step under no_grad may write into its weights)
  }
  const AutogradMeta& meta = *self.unsafeGetTensorImpl()->autograd;
  if (meta.isView) {
    handleViewOnRebase(self, /*indirect=*/false);
    // The write would give the base a history (CopySlices), and a leaf that
    // requires grad cannot have one: its AccumulateGrad expects the values
    // the graph was built from.
    if (self.requiresGrad() && meta.base.isLeaf()) {
      throw std::runtime_error("a view of a leaf Variable that requires grad is being used in an in-place operation.");
    }
  }
  if (self.isLeaf() && self.requiresGrad()) {
    // Its AccumulateGrad expects the value the graph was built from.
    throw std::runtime_error("a leaf Variable that requires grad is being used in an in-place operation.");
  }
}

// [rebase_history]
void rebaseHistory(const Tensor& self, const std::shared_ptr<Node>& gradFn) {
  const AutogradMeta& meta = *self.unsafeGetTensorImpl()->autograd;
  if (!meta.isView) {
    setHistory(self, gradFn);
    return;
  }
  // Written through a view: the node's gradient is the view's, and the
  // view's values are some of the base's, so the base gets the new history,
  // a CopySlices wrapping the node. Asked for its own, the view then gets an
  // AsStridedBackward0 of it (viewGradFn: the write bumped the version), as
  // 1.13 asks at once.
  gradFn->addInputMetadata(self);
  const Tensor base = meta.base;
  // deleteNode, where 1.13 writes make_shared: writes through a view one
  // after another chain CopySlices to CopySlices, and the chain must be
  // freed in deleteNode's loop, not by recursion.
  setHistory(base, std::shared_ptr<CopySlices>(new CopySlices(base, self, gradFn), deleteNode));
  self.gradFn();
}
// [rebase_history]

namespace autograd {

/// copy_(self, src): self's old values are gone, so its gradient is zeros;
/// src's is the gradient, in src's dtype and on src's device (the engine
/// sums it back to src's sizes where the copy broadcast it). Named as
/// PyTorch 1.13's hand-written node is (torch/csrc/autograd/functions/
/// tensor.h), with an s. It has no name() of its own there, so its name is
/// the demangled C++ type, namespaces and all: the grad_fn name torch prints
/// and the saved-tensor error names.
struct CopyBackwards : Node {
  using Node::Node;
  std::string name() const override { return "torch::autograd::CopyBackwards"; }
  TensorList apply(TensorList&& grads) override;
  TensorOptions srcOptions;
};

// [copy_backwards_apply]
TensorList CopyBackwards::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  // Cast first, then sum: 1.13 converts in the node (grad.to(src_options))
  // and its engine sums a broadcast gradient down afterwards.
  return {needsInputGrad(0) ? zeros_like(grad) : Tensor(),
          needsInputGrad(1) ? _to_copy(grad, srcOptions.dtype, srcOptions.device) : Tensor()};
}
// [copy_backwards_apply]

namespace VariableType {
namespace {

Tensor& copy_(DispatchKeySet ks, Tensor& self, const Tensor& src) {
  checkInplace(self, {self, src});
  // Copied into an integer tensor, the values lose their gradient: 1.13
  // records nothing there (isDifferentiableType), so self stays without one.
  std::shared_ptr<CopyBackwards> grad_fn;
  if (isDifferentiableType(self.dtype()) && computeRequiresGrad({self, src})) {
    // deleteNode, where 1.13 writes make_shared: a chain of copy_ is a
    // chain of these (CopySlices' comment in rebaseHistory).
    grad_fn = std::shared_ptr<CopyBackwards>(new CopyBackwards(collectNextEdges({self, src})), deleteNode);
    grad_fn->srcOptions = src.options();
  }
  {
    AutoDispatchBelowADInplaceOrView guard;
    redispatch::copy_(ks & kAfterAutogradKeySet, self, src);
  }
  if (grad_fn != nullptr) {
    rebaseHistory(self, grad_fn);
  }
  return self;
}

}  // namespace
}  // namespace VariableType
}  // namespace autograd
}  // namespace ch06
}  // namespace mini

// codegen/gen_autograd.py registers every other operator's Autograd kernel
// (VariableType.cpp), and none for copy_ (its MANUAL_AUTOGRAD).
MINI_LIBRARY_IMPL(aten, Autograd, m) { m.impl("copy_", mini::TORCH_FN<&mini::autograd::VariableType::copy_>); }
