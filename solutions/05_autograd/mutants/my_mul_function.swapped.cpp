// Mutant: gives each input the gradient that reads itself instead of the other input
// Must fail: Exercise05_4.GradientsReachBothInputs
// Exercise 05.4: a custom function's backward.
// The lesson: chapters/05_autograd/README.md#exercise-54
// Declared in: mini/exercises/my_mul_function.h
#include "mini/exercises/my_mul_function.h"
#include "mini/aten/operators.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

Tensor MyMulFunction::forward(AutogradContext* ctx, const Tensor& self, const Tensor& other) {
  ctx->saveForBackward({self, other});
  return mul(self, other);
}

// The gradient of self is grad * other and the gradient of other is
// grad * self, with both read back (and version-checked) from the context.
TensorList MyMulFunction::backward(AutogradContext* ctx, TensorList gradOutputs) {
  const TensorList saved = ctx->getSavedVariables();
  const Tensor& grad = gradOutputs.at(0);
  return {mul(grad, saved.at(0)), mul(grad, saved.at(1))};
}

}  // namespace ch05
}  // namespace mini
