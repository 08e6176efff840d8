// Exercise 05.4: a custom function, sigmoid, whose backward reads its output.
// The lesson: chapters/05_autograd/part2_inplace_and_custom.md#exercise-54
// Declared in: mini/exercises/my_sigmoid_function.h
#include "mini/exercises/my_sigmoid_function.h"
#include "mini/aten/operators.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// TODO(05.4): compute 1 / (1 + exp(-self)) with the public operators (ones,
// add, div, exp, neg), and save with ctx->saveForBackward what backward
// will read. Which tensor that is, is the exercise: see the lesson.
Tensor MySigmoidFunction::forward(AutogradContext* ctx, const Tensor& self) {
  (void)ctx;
  (void)self;
  throw ExerciseNotDone("05.4");
}

// TODO(05.4): one gradient, for self: the incoming gradient times the
// derivative of sigmoid, read back through ctx->getSavedVariables().
TensorList MySigmoidFunction::backward(AutogradContext* ctx, TensorList gradOutputs) {
  (void)ctx;
  (void)gradOutputs;
  throw ExerciseNotDone("05.4");
}

}  // namespace ch05
}  // namespace mini
