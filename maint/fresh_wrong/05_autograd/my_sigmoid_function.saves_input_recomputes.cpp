// Mistake: I saved the input x and computed the derivative from it in backward: exp(-x) / (1 + exp(-x))^2

// Exercise 05.4: a custom autograd function that saves its output.
#include "mini/exercises/my_sigmoid_function.h"
#include "mini/aten/operators.h"

namespace mini {
inline namespace ch05 {

Tensor MySigmoidFunction::forward(AutogradContext* ctx, const Tensor& self) {
  const Tensor one = ones(self.sizes());
  Tensor result = div(one, add(one, exp(neg(self))));
  ctx->saveForBackward({self});
  return result;
}

TensorList MySigmoidFunction::backward(AutogradContext* ctx, TensorList gradOutputs) {
  const Tensor x = ctx->getSavedVariables().at(0);
  const Tensor one = ones(x.sizes());
  const Tensor e = exp(neg(x));
  const Tensor d = add(one, e);
  return {mul(gradOutputs.at(0), div(e, mul(d, d)))};
}

}  // namespace ch05
}  // namespace mini
