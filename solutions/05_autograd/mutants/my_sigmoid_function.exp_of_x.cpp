// Mutant: computes 1 / (1 + exp(x)) in forward, the sign of the exponent lost
// Must fail: Exercise05_4.ComputesSigmoidAndRecordsItsNode
// Exercise 05.4: a custom function, sigmoid, whose backward reads its output.
// The lesson: chapters/05_autograd/part2_inplace_and_custom.md#exercise-54
// Declared in: mini/exercises/my_sigmoid_function.h
#include "mini/exercises/my_sigmoid_function.h"
#include "mini/aten/operators.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// Saves its output, not its input: sigmoid's derivative is s * (1 - s),
// which needs nothing else, and stays finite where exp(-x) overflows.
Tensor MySigmoidFunction::forward(AutogradContext* ctx, const Tensor& self) {
  const Tensor one = ones(self.sizes());
  Tensor result = div(one, add(one, exp(self)));
  ctx->saveForBackward({result});
  return result;
}

TensorList MySigmoidFunction::backward(AutogradContext* ctx, TensorList gradOutputs) {
  const Tensor sigmoid = ctx->getSavedVariables().at(0);
  return {mul(gradOutputs.at(0), mul(sigmoid, sub(ones(sigmoid.sizes()), sigmoid)))};
}

}  // namespace ch05
}  // namespace mini
