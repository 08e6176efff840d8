#pragma once
/// \file
/// \brief The function type of any kernel, and the operator signature it
///        serves: a kernel may take the call's DispatchKeySet first.

#include "mini/core/dispatch_key_set.h"

namespace mini {
inline namespace ch05 {

// [infer_function_traits]
/// The function type of a callable: a function, a function pointer, or a
/// class with one operator() (a functor, a lambda), whose member-function
/// type is read with decltype(&Callable::operator()). c10's
/// infer_function_traits_t does the same for the same reason: every kind of
/// kernel must yield the `Ret(Args...)` that schema inference and the
/// unboxing templates work from.
template <class Callable>
struct infer_function_traits {
  using type = typename infer_function_traits<decltype(&Callable::operator())>::type;
};
template <class Ret, class... Args>
struct infer_function_traits<Ret(Args...)> {
  using type = Ret(Args...);
};
template <class Ret, class... Args>
struct infer_function_traits<Ret (*)(Args...)> {
  using type = Ret(Args...);
};
template <class Class, class Ret, class... Args>
struct infer_function_traits<Ret (Class::*)(Args...)> {
  using type = Ret(Args...);
};
template <class Class, class Ret, class... Args>
struct infer_function_traits<Ret (Class::*)(Args...) const> {
  using type = Ret(Args...);
};
template <class Callable>
using infer_function_traits_t = typename infer_function_traits<Callable>::type;
// [infer_function_traits]

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

/// The signature of a kernel functor's (or lambda's) operator().
template <class KernelFunctor>
using FunctorSignature = KernelSignature<infer_function_traits_t<KernelFunctor>>;

}  // namespace ch05
}  // namespace mini
