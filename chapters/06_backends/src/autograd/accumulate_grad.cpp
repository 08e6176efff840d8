#include "mini/autograd/accumulate_grad.h"

#include "mini/aten/aten.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/core/grad_mode.h"

namespace mini {
inline namespace ch06 {

// [accumulate_grad_apply]
TensorList AccumulateGrad::apply(TensorList&& grads) {
  // A float32 leaf used in a float64 expression gets a float64 gradient
  // from the formulas; its .grad has the leaf's dtype and device, as torch's
  // engine makes it.
  const Tensor incoming = grads.at(0).to(variable_.dtype()).to(variable_.device());
  Tensor& grad = variable_.mutableGrad();
  // A copy, never the incoming tensor itself: AddBackward0 hands the same
  // gradient to both of its inputs, and two leaves must not share one grad.
  if (!grad.defined()) {
    grad = clone(incoming);
  } else if (!GradMode::isEnabled()) {
    // The second backward adds into the .grad there is, in place, as 1.13's
    // AccumulateGrad::accumulateGrad does (`variable_grad += new_grad`): a
    // handle to x.grad taken after the first backward sees the sum, and an
    // optimizer's reference to it stays the gradient.
    grad.add_(incoming);
  } else {
    // Backward that records a graph of its own: the sum is a new tensor,
    // as in 1.13, since an in-place write would change what that graph saved.
    grad = add(grad, incoming);
  }
  return {};
}
// [accumulate_grad_apply]

std::shared_ptr<Node> gradAccumulator(const Tensor& leaf) {
  AutogradMeta& meta = *leaf.unsafeGetTensorImpl()->autograd;
  std::shared_ptr<Node> accumulator = meta.gradAccumulator.lock();
  if (accumulator == nullptr) {
    // It has no edges, so it frees no other node; deleteNode all the same,
    // so that every node of a graph is freed the one way (1.13 makes this
    // one with make_shared).
    accumulator = std::shared_ptr<AccumulateGrad>(new AccumulateGrad(leaf), deleteNode);
    accumulator->addInputMetadata(leaf);
    meta.gradAccumulator = accumulator;
  }
  return accumulator;
}

}  // namespace ch06
}  // namespace mini
