#include "mini/autograd/copy_slices.h"

#include <stdexcept>
#include <utility>

#include "mini/aten/aten.h"
#include "mini/autograd/functions_manual.h"
#include "mini/autograd/saved_variable.h"
#include "mini/autograd/view_history.h"

namespace mini {
inline namespace ch06 {

namespace {

// fn's edges, but the first: the view's old history is part of the base's
// old history, and the base's gradient goes there whole (1.13's constructor
// takes gradient_edge(base) for index 0).
std::vector<Edge> copySlicesEdges(const Tensor& base, const Node& fn) {
  std::vector<Edge> edges = fn.nextEdges();
  edges.at(0) = gradientEdge(base);
  return edges;
}

}  // namespace

CopySlices::Geometry::Geometry(const Tensor& tensor)
    : sizes(tensor.sizes()), strides(tensor.strides()), storageOffset(tensor.storageOffset()) {}

CopySlices::CopySlices(const Tensor& base_, const Tensor& view_, std::shared_ptr<Node> fn_)
    : Node(copySlicesEdges(base_, *fn_)), base(base_), view(view_), fn(std::move(fn_)) {}

// [copy_slices_apply]
TensorList CopySlices::apply(TensorList&& grads) {
  if (grads.empty() || !grads[0].defined()) {
    return TensorList(nextEdges().size());
  }
  if (fn == nullptr) {
    throw std::runtime_error(kErrBackwardTwice);
  }
  const Tensor& grad = grads[0];
  // The base's gradient, in a tensor laid out as the base (1.13's
  // new_empty_strided), so that the view's geometry picks the same elements
  // of it as of the base.
  const auto [begin, end] = extentOf(base.sizes, base.strides, 0);
  Tensor result = makeView(zeros({end - begin}, grad.options()), base.sizes, base.strides, 0);
  result.copy_(grad);
  Tensor gradSlice = makeView(result, view.sizes, view.strides, view.storageOffset - base.storageOffset);
  // fn may save its incoming gradient; the write below must not change it.
  TensorList res = fn->apply({clone(gradSlice)});
  TensorList gradInputs(nextEdges().size());
  if (needsInputGrad(0)) {
    // The view's elements get fn's gradient for the values they had before
    // the write (none, if fn says so); the base's other elements keep the
    // gradient as it came.
    gradSlice.copy_(res.at(0).defined() ? res[0] : zeros_like(gradSlice));
    gradInputs[0] = result;
  }
  for (std::size_t i = 1; i < gradInputs.size(); ++i) {
    if (needsInputGrad(i)) {
      gradInputs[i] = std::move(res.at(i));
    }
  }
  return gradInputs;
}
// [copy_slices_apply]

}  // namespace ch06
}  // namespace mini
