// Exercise 05.3: the backward formula of div.
// The lesson: chapters/05_autograd/README.md#exercise-53
// Declared in: mini/exercises/div_backward_formula.h
#include "mini/exercises/div_backward_formula.h"
#include "mini/aten/operators.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// TODO(05.3): return {gradient for self, gradient for other}, built from
// mini::div, mini::mul and mini::neg. Differentiate self / other by each
// argument, then multiply by grad (the chain rule).
TensorList divBackwardFormula(const Tensor& grad, const Tensor& self, const Tensor& other) {
  (void)grad;
  (void)self;
  (void)other;
  throw ExerciseNotDone("05.3");
}

}  // namespace ch05
}  // namespace mini
