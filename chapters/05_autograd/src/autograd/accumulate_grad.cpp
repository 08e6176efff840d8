#include "mini/autograd/accumulate_grad.h"

#include "mini/autograd/autograd_meta.h"
#include "mini/native/cpu/cpu_kernels.h"

namespace mini {
inline namespace ch05 {

// [accumulate_grad_apply]
TensorList AccumulateGrad::apply(TensorList&& grads) {
  const Tensor& incoming = grads.at(0);
  Tensor& grad = variable_.mutableGrad();
  // A copy, never the incoming tensor itself: AddBackward0 hands the same
  // gradient to both of its inputs, and two leaves must not share one grad.
  // Out of place on the second backward, so a grad someone kept a handle to
  // does not change under them.
  grad = grad.defined() ? addCpu(grad, incoming) : cloneCpu(incoming);
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

}  // namespace ch05
}  // namespace mini
