#pragma once
/// \file
/// \brief KernelFunction::call: unboxed when it can, boxing when it must.
///
/// Apart from kernel_function.h because it needs BoxedKernelWrapper, which
/// needs KernelFunction (c10 splits KernelFunction_impl.h off for the same reason).

#include "mini/boxing/boxed_kernel_wrapper.h"
#include "mini/boxing/kernel_function.h"

namespace mini {
inline namespace ch06 {

namespace impl {
// [call_unboxed_kernel_function]
/// The last step of an unboxed call: the kernel's unboxed entry, with its
/// functor. A function of its own, as in c10, so that it is a frame of its
/// own in a backtrace, under the name PyTorch's has.
template <class Ret, class... Args>
Ret callUnboxedKernelFunction(KernelFunction::ErasedUnboxedFunction unboxedKernelFunction, OperatorKernel* functor,
                              DispatchKeySet dispatchKeySet, Args&&... args) {
  using UnboxedFunction = Ret(OperatorKernel*, DispatchKeySet, Args...);
  return reinterpret_cast<UnboxedFunction*>(unboxedKernelFunction)(functor, dispatchKeySet,
                                                                   std::forward<Args>(args)...);
}
// [call_unboxed_kernel_function]
}  // namespace impl

// [kernel_call]
// `inline`, as c10's is (C10_ALWAYS_INLINE): a member template defined
// outside its class is not, and GCC's optimiser then inlines it only where a
// file calls it once per signature. Chapter 06's generated _ops structs call
// it twice (call and redispatch), and without `inline` the add of one
// element cost 60 more instructions there (callgrind).
template <class Ret, class... Args>
inline Ret KernelFunction::call(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Args... args) const {
  // The fast path: a kernel written unboxed, called with its arguments as
  // they are. The caller (a TypedOperatorHandle whose signature was checked)
  // vouches for the type, so this is a cast and an indirect call into the
  // kernel's wrap_kernel_functor_unboxed_ entry.
  if (unboxed_ != nullptr) [[likely]] {
    return impl::callUnboxedKernelFunction<Ret, Args...>(unboxed_, functor_.get(), dispatchKeySet,
                                                         std::forward<Args>(args)...);
  }
  // A boxed kernel (a fallback, a marker): box, call, unbox the result.
  return impl::BoxedKernelWrapper<Ret(Args...)>::call(*this, op, dispatchKeySet, std::forward<Args>(args)...);
}
// [kernel_call]

}  // namespace ch06
}  // namespace mini
