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

// TODO(05.5): the gradient: grad where self > 0, grad * negative_slope elsewhere.
TensorList LeakyReluBackward0::apply(TensorList&& grads) {
  (void)grads;
  throw ExerciseNotDone("05.5");
}

// TODO(05.5): no backend has a kernel for myleaky_relu, so there is nothing
// to redispatch to: compute it from relu, neg, mul and sub, without letting
// autograd record those, and record one LeakyReluBackward0 instead.
Tensor myleakyReluAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, double negativeSlope) {
  (void)dispatchKeySet;
  (void)self;
  (void)negativeSlope;
  throw ExerciseNotDone("05.5");
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
