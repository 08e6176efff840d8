// Mutant: forgets to multiply by the incoming gradient
// Must fail: Exercise05_3.GivesPyTorchsGradients
// Exercise 05.3: the backward formula of atan2.
// The lesson: chapters/05_autograd/part1_autograd_key.md#exercise-53
// Declared in: mini/exercises/atan2_backward_formula.h
#include "mini/exercises/atan2_backward_formula.h"
#include "mini/aten/operators.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// out = atan2(a, b), the angle of (b, a): d out/d a = b / (a^2 + b^2) and
// d out/d b = -a / (a^2 + b^2), each times grad. Written over the common
// denominator rather than through atan(a / b), whose derivative divides by
// b and is NaN on the line b = 0, where atan2's gradient is finite.
TensorList atan2BackwardFormula(const Tensor& /*grad*/, const Tensor& self, const Tensor& other) {
  const Tensor squaredRadius = add(mul(self, self), mul(other, other));
  return {div(other, squaredRadius), div(neg(self), squaredRadius)};
}

}  // namespace ch05
}  // namespace mini
