#pragma once
/// \file
/// \brief Exercise 05.5: an Autograd kernel that must step below autograd.

#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch05 {

/// Exercise 05.5 (exercises/myrelu_autograd.cpp): the Autograd kernel of
/// myops::myrelu. It records a ReluBackward0 like relu's kernel; the part to
/// get right is computing the result without coming back to itself.
Tensor myreluAutograd(DispatchKeySet dispatchKeySet, const Tensor& self);

/// myops::myrelu's typed handle, and the public function that calls it.
const TypedOperatorHandle<Tensor(const Tensor&)>& myreluOp();
Tensor myrelu(const Tensor& self);

}  // namespace ch05
}  // namespace mini
