#pragma once
/// \file
/// \brief The custom-operator recipe of PyTorch's tutorial ("Registering a
///        Dispatched Operator in C++"): `myops::myadd`.

#include <cstdint>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch04 {

/// The CPU kernel: plain arithmetic, no autograd, no dispatch. Registered
/// for `myops::myadd` on CPU in src/extension/myadd.cpp.
Tensor myadd_cpu(const Tensor& self, const Tensor& other);

/// An autograd kernel for every backend (registered on the Autograd alias
/// key): steps below autograd, redispatches, and marks the result as needing
/// grad when an input does. The demo and the tests register it for a scope.
Tensor myadd_autograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);

/// The dispatching function callers use, like `at::add`: it names no key.
Tensor myadd(const Tensor& self, const Tensor& other);

/// Operators for the boxing lesson, CPU kernels in src/extension/more_ops.cpp, each
/// with its dispatching function. Their schemas:
///
///     myops::mymul(Tensor self, Tensor other) -> Tensor
///     myops::mysum(Tensor self) -> Tensor
///     myops::myscale(Tensor self, float factor) -> Tensor
///     myops::myadd_(Tensor(a!) self, Tensor other) -> Tensor(a!)
///     myops::mynumel(Tensor self) -> int
Tensor mymul(const Tensor& self, const Tensor& other);
Tensor mysum(const Tensor& self);
Tensor myscale(const Tensor& self, double factor);
/// In place: writes self + other into self and returns self.
Tensor& myadd_(Tensor& self, const Tensor& other);
std::int64_t mynumel(const Tensor& self);

Tensor mymul_cpu(const Tensor& self, const Tensor& other);
Tensor mysum_cpu(const Tensor& self);
Tensor myscale_cpu(const Tensor& self, double factor);
Tensor& myadd__cpu(Tensor& self, const Tensor& other);
std::int64_t mynumel_cpu(const Tensor& self);

/// `f` applied to each pair of values (a one-value operand is repeated), as
/// a CPU tensor; operands of other different lengths are an error.
Tensor elementwise(const Tensor& self, const Tensor& other, double (*f)(double, double));

}  // namespace ch04
}  // namespace mini
