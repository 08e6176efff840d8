#pragma once
/// \file
/// \brief Exercise 04.3's declaration: it mirrors a piece of the boxing machinery
///        and is tested against the real one. The dispatcher never calls it.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

/// Exercise 04.3 (exercises/call_boxed_binary.cpp): BoxedKernelWrapper by
/// hand for one signature, `Tensor(const Tensor&, const Tensor&)`: box the
/// two arguments, run the kernel's boxed entry, return its one result. A
/// kernel that leaves another number of values is an error (std::logic_error
/// "Boxed kernel was expected to return one value on the stack, but instead
/// pushed 2 values.").
Tensor callBoxedBinary(const KernelFunction& kernel, const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                       const Tensor& self, const Tensor& other);

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
