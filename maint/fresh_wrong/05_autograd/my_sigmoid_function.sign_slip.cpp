// Mistake: A sign slip in the derivative: s * (1 + s)

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
  return {mul(gradOutputs.at(0), mul(s, add(one, s)))};
}

}  // namespace ch05
}  // namespace mini
