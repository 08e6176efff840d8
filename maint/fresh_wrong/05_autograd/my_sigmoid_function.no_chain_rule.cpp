// Mistake: backward returns sigmoid's derivative itself and forgets to multiply by the incoming gradient

// Exercise 05.4: a custom autograd function that saves its output.
#include "mini/exercises/my_sigmoid_function.h"
#include "mini/aten/operators.h"

namespace mini {
inline namespace ch05 {

Tensor MySigmoidFunction::forward(AutogradContext* ctx, const Tensor& self) {
  const Tensor one = ones(self.sizes());
  Tensor result = div(one, add(one, exp(neg(self))));
  ctx->saveForBackward({result});
  return result;
}

TensorList MySigmoidFunction::backward(AutogradContext* ctx, TensorList gradOutputs) {
  const Tensor s = ctx->getSavedVariables().at(0);
  const Tensor one = ones(s.sizes());
  (void)gradOutputs;
  return {mul(s, add(one, neg(s)))};
}

}  // namespace ch05
}  // namespace mini
