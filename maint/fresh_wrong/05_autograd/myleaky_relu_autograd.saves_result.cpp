// Mistake: I saved the result instead of self and tested its sign in apply, since leaky_relu keeps the sign

// Exercise 05.5: an Autograd kernel with nothing below it.
#include <vector>

#include "mini/aten/operators.h"
#include "mini/autograd/autograd_kernels.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/exercises/myleaky_relu_autograd.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch05 {

TensorList LeakyReluBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  const Tensor x = self.unpack(name());
  std::vector<double> values(grad.data().begin(), grad.data().end());
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (!(x.data()[i] > 0)) {
      values[i] *= negative_slope;
    }
  }
  return {fromValues(std::move(values), grad.sizes())};
}

Tensor myleakyReluAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, double negativeSlope) {
  (void)dispatchKeySet;
  std::shared_ptr<LeakyReluBackward0> node = recordIfNeeded<LeakyReluBackward0>({self});
  if (node != nullptr) {
    node->negative_slope = negativeSlope;
  }
  Tensor result;
  {
    AutoDispatchBelowADInplaceOrView belowAutograd;
    result = sub(relu(self), mul(scalarTensor(negativeSlope), relu(neg(self))));
  }
  if (node != nullptr) {
    setHistory(result, node);
    node->self = SavedVariable(result, true);
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
