#pragma once
/// \file
/// \brief Exercise 06.4's declaration: a boxed fallback that runs, on the CPU,
///        every operator an out-of-tree backend has no kernel for.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch06 {
namespace exercises {

/// Exercise 06.4 (exercises/cpu_fallback.cpp): PyTorch's
/// at::native::cpu_fallback, which out-of-tree backends (XLA, MPS, ...)
/// register on their key for the operators they lack. Move every tensor
/// argument that is not on the CPU to the CPU, call the operator again (a
/// fresh call, which the CPU tensors now send to the CPU kernels), and bring
/// each tensor result back to the device the arguments came from. A result
/// the operator writes into an argument (`Tensor(a!)`, in-place and out=)
/// is that argument: copy the CPU result into the caller's device tensor
/// and return the caller's tensor. Operators without a tensor argument on
/// the device (factories) are not asked for. The tests register it on
/// PrivateUse1 for the counted device.
void cpuFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace exercises
}  // namespace ch06
}  // namespace mini
