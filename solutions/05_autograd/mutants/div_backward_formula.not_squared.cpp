// Mutant: divides by b instead of b squared in the gradient of other
// Must fail: Exercise05_3.GivesTheGradientsAtAPoint
// Exercise 05.3: the backward formula of div.
// The lesson: chapters/05_autograd/README.md#exercise-53
// Declared in: mini/exercises/div_backward_formula.h
#include "mini/exercises/div_backward_formula.h"
#include "mini/aten/operators.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// out = a / b: d out/d a = 1 / b and d out/d b = -a / b^2, each times grad.
TensorList divBackwardFormula(const Tensor& grad, const Tensor& self, const Tensor& other) {
  return {div(grad, other), neg(div(mul(grad, self), other))};
}

}  // namespace ch05
}  // namespace mini
