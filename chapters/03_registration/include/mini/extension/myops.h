#pragma once
/// \file
/// \brief The custom-operator recipe of PyTorch's tutorial ("Registering a
///        Dispatched Operator in C++"): `myops::myadd`.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch03 {

/// The CPU kernel: plain arithmetic, no autograd, no dispatch. Registered
/// for `myops::myadd` on CPU in src/extension/myadd.cpp.
Tensor myadd_cpu(const Tensor& self, const Tensor& other);

/// An autograd kernel for every backend (registered on the Autograd alias
/// key): steps below autograd, redispatches, and marks the result as needing
/// grad when an input does. The demo and the tests register it for a scope.
Tensor myadd_autograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);

/// The dispatching function callers use, like `at::add`: it names no key.
Tensor myadd(const Tensor& self, const Tensor& other);

}  // namespace ch03
}  // namespace mini
