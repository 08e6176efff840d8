#pragma once
/// \file
/// \brief Exercise 05.1: the Autograd kernel of a multiplication.

#include "mini/tensor.h"

namespace mini {
inline namespace ch05 {

/// Exercise 05.1 (exercises/mymul_autograd.cpp): self * other, recorded for
/// autograd exactly as mul's Autograd kernel records it (a MulBackward0 that
/// saves what its formula reads), with mulCpu as the kernel below.
Tensor mymulAutograd(const Tensor& self, const Tensor& other);

}  // namespace ch05
}  // namespace mini
