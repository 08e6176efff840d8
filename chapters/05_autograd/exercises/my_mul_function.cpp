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

// TODO(05.4): read the inputs back with ctx->getSavedVariables() (in the
// order forward saved them) and return {gradient for self, gradient for
// other}, each the incoming gradOutputs[0] times the right saved tensor.
TensorList MyMulFunction::backward(AutogradContext* ctx, TensorList gradOutputs) {
  (void)ctx;
  (void)gradOutputs;
  throw ExerciseNotDone("05.4");
}

}  // namespace ch05
}  // namespace mini
