#pragma once
/// \file
/// \brief Exercise 05.3: a backward formula the chapter does not have,
///        written with the public operators.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

/// Exercise 05.3 (exercises/atan2_backward_formula.cpp): for out =
/// atan2(self, other) (the angle of the point (other, self)) with same-sized
/// tensors, the gradients {d self, d other} given the gradient `grad` of out,
/// as PyTorch 1.13's atan2_backward computes them.
TensorList atan2BackwardFormula(const Tensor& grad, const Tensor& self, const Tensor& other);

}  // namespace ch05
}  // namespace mini
