// Exercise 05.5: an Autograd kernel with nothing below it (leaky_relu).
// The lesson: chapters/05_autograd/part2_inplace_and_custom.md#exercise-55
// Declared in: mini/exercises/myleaky_relu_autograd.h
#include <vector>

#include "mini/aten/operators.h"
#include "mini/autograd/autograd_kernels.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/exercises/myleaky_relu_autograd.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// PyTorch's leaky_relu_backward: the slope wherever self is not positive,
// 0 included.
TensorList LeakyReluBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  const Tensor input = self.unpack(name());
  std::vector<double> values(grad.data().begin(), grad.data().end());
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (!(input.data()[i] > 0)) {
      values[i] *= negative_slope;
    }
  }
  return {fromValues(std::move(values), grad.sizes())};
}

// relu(x) - slope * relu(-x) is x for x > 0 and slope * x below. Each of the
// four operators has an Autograd kernel of its own: under the guard they go
// straight to their CPU kernels, and the one node recorded is ours.
Tensor myleakyReluAutograd(DispatchKeySet /*dispatchKeySet*/, const Tensor& self, double negativeSlope) {
  std::shared_ptr<LeakyReluBackward0> node = recordIfNeeded<LeakyReluBackward0>({self});
  if (node != nullptr) {
    node->self = SavedVariable(self, false);
    node->negative_slope = negativeSlope;
  }
  Tensor result;
  {
    AutoDispatchBelowADInplaceOrView guard;
    result = sub(relu(self), mul(relu(neg(self)), fromValues({negativeSlope}, {1})));
  }
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

const TypedOperatorHandle<Tensor(const Tensor&, double)>& myleakyReluOp() {
  static const auto handle =
      Dispatcher::singleton().findSchemaOrThrow("myops::myleaky_relu", "").typed<Tensor(const Tensor&, double)>();
  return handle;
}

Tensor myleaky_relu(const Tensor& self, double negativeSlope) { return myleakyReluOp().call(self, negativeSlope); }

}  // namespace ch05
}  // namespace mini

// myops::myleaky_relu: a kernel on the Autograd key and none below it.
MINI_LIBRARY_FRAGMENT(myops, m) { m.def("myleaky_relu(Tensor self, float negative_slope=0.01) -> Tensor"); }

MINI_LIBRARY_IMPL(myops, Autograd, m) { m.impl("myleaky_relu", &mini::myleakyReluAutograd); }
