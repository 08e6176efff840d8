#pragma once
/// \file
/// \brief A kernel may take the call's DispatchKeySet first; the operator's
///        signature is the rest.

#include "mini/core/dispatch_key_set.h"

namespace mini {
inline namespace ch05 {

// [kernel_signature]
/// A kernel may take the call's DispatchKeySet as its first parameter, to
/// redispatch below its own key (autograd kernels do). The operator's
/// signature is the rest: `Tensor(DispatchKeySet, const Tensor&)` serves an
/// operator of signature `Tensor(const Tensor&)`. The key set never goes on
/// a stack: a boxed kernel receives it as a parameter of its own.
template <class FunctionType>
struct KernelSignature {
  using OperatorSignature = FunctionType;
  static constexpr bool takesDispatchKeySet = false;
};
template <class Ret, class... Args>
struct KernelSignature<Ret(DispatchKeySet, Args...)> {
  using OperatorSignature = Ret(Args...);
  static constexpr bool takesDispatchKeySet = true;
};
// [kernel_signature]

}  // namespace ch05
}  // namespace mini
