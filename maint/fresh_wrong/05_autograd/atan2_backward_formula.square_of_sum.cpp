// Mistake: I wrote the denominator as (self + other) squared instead of self^2 + other^2

// Exercise 05.3: the backward formula of atan2.
#include "mini/exercises/atan2_backward_formula.h"
#include "mini/aten/operators.h"

namespace mini {
inline namespace ch05 {

TensorList atan2BackwardFormula(const Tensor& grad, const Tensor& self, const Tensor& other) {
  const Tensor denominator = mul(add(self, other), add(self, other));
  return {mul(grad, div(other, denominator)), mul(grad, neg(div(self, denominator)))};
}

}  // namespace ch05
}  // namespace mini
