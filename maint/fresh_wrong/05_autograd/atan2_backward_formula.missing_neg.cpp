// Mistake: I forgot the minus sign in other's gradient

// Exercise 05.3: the backward formula of atan2.
#include "mini/exercises/atan2_backward_formula.h"
#include "mini/aten/operators.h"

namespace mini {
inline namespace ch05 {

TensorList atan2BackwardFormula(const Tensor& grad, const Tensor& self, const Tensor& other) {
  const Tensor denominator = add(mul(self, self), mul(other, other));
  return {mul(grad, div(other, denominator)), mul(grad, div(self, denominator))};
}

}  // namespace ch05
}  // namespace mini
