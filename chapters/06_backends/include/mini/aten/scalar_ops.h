#pragma once
/// \file
/// \brief A number as a zero-dimensional tensor that type promotion ranks
///        below every tensor (PyTorch 1.13's ATen/ScalarOps.h).

#include "mini/core/scalar.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// 1.13's wrapped_scalar_tensor: a zero-dimensional CPU tensor of the
/// number's own type (Long, Double or Bool), written directly (no operator
/// runs, so no mode or autograd sees the number become a tensor) and marked
/// as a wrapped number, so that 2 - a is float32 when a is, as a - 2 is.
/// rsub.Scalar's kernel and the Python binding's numbers (a * 2) use it.
Tensor wrappedScalarTensor(const Scalar& value);

}  // namespace ch06
}  // namespace mini
