#pragma once
/// \file
/// \brief Exercise 05.3: a backward formula, written with the public operators.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

/// Exercise 05.3 (exercises/div_backward_formula.cpp): for out = self /
/// other with same-sized tensors, the gradients {d self, d other} given the
/// gradient `grad` of out.
TensorList divBackwardFormula(const Tensor& grad, const Tensor& self, const Tensor& other);

}  // namespace ch05
}  // namespace mini
