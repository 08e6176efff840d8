#pragma once
/// \file
/// \brief KernelFunction::call: unboxed when it can, boxing when it must.
///
/// Apart from kernel_function.h because it needs BoxedKernelWrapper, which
/// needs KernelFunction (c10 splits KernelFunction_impl.h off for the same reason).

#include "mini/boxing/boxed_kernel_wrapper.h"
#include "mini/boxing/kernel_function.h"

namespace mini {
inline namespace ch05 {

// [kernel_call]
template <class Ret, class... Args>
Ret KernelFunction::call(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Args... args) const {
  // The fast path: a kernel written unboxed, called with its arguments as
  // they are. The caller (a TypedOperatorHandle whose signature was checked)
  // vouches for the type, so this is a cast and an indirect call.
  if (unboxed_ != nullptr) [[likely]] {
    using UnboxedFunction = Ret(ErasedFunction, DispatchKeySet, Args...);
    return reinterpret_cast<UnboxedFunction*>(unboxed_)(function_, dispatchKeySet, std::forward<Args>(args)...);
  }
  // A boxed kernel (a fallback, a marker): box, call, unbox the result.
  return impl::BoxedKernelWrapper<Ret(Args...)>::call(*this, op, dispatchKeySet, std::forward<Args>(args)...);
}
// [kernel_call]

}  // namespace ch05
}  // namespace mini
