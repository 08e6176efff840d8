// Exercise 05.3: the backward formula of atan2.
// The lesson: chapters/05_autograd/part1_autograd_key.md#exercise-53
// Declared in: mini/exercises/atan2_backward_formula.h
#include "mini/exercises/atan2_backward_formula.h"
#include "mini/aten/operators.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// TODO(05.3): return {gradient for self, gradient for other}, built from
// mini::add, mini::mul, mini::div and mini::neg. Differentiate
// atan2(self, other) by each argument, then multiply by grad (the chain
// rule). The chapter has no atan2: derive it (the lesson's hints help).
TensorList atan2BackwardFormula(const Tensor& grad, const Tensor& self, const Tensor& other) {
  (void)grad;
  (void)self;
  (void)other;
  throw ExerciseNotDone("05.3");
}

}  // namespace ch05
}  // namespace mini
