#pragma once
/// \file
/// \brief Helpers the backward formulas share, as PyTorch's
///        torch/csrc/autograd/FunctionsManual.h holds them.

#include "mini/core/scalar.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// `t * s`, or `t` itself when s is 1: add's gradient for `other` is
/// maybe_multiply(grad, alpha), which costs nothing in the common call that
/// gives no alpha. The product keeps t's dtype, as multiplying by a Python
/// number does.
Tensor maybe_multiply(const Tensor& t, const Scalar& s);

}  // namespace ch06
}  // namespace mini
