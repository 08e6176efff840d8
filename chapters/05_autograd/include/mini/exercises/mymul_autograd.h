#pragma once
/// \file
/// \brief Exercise 05.1: the Autograd kernel of a multiplication.

#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch05 {

/// Exercise 05.1 (exercises/mymul_autograd.cpp): the Autograd kernel of
/// myops::mymul, recording exactly as mul's does (a MulBackward0 that saves
/// what its formula reads) and redispatching to mymul's CPU kernel.
Tensor mymulAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);

/// myops::mymul's typed handle, and the public function that calls it.
const TypedOperatorHandle<Tensor(const Tensor&, const Tensor&)>& mymulOp();
Tensor mymul(const Tensor& self, const Tensor& other);

}  // namespace ch05
}  // namespace mini
