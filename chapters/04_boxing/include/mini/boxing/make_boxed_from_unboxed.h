#pragma once
/// \file
/// \brief Unboxing with templates: a boxed entry point for any C++ kernel.
///
/// The compiler writes one of these per kernel functor class: it reads each
/// argument off the stack as the C++ type the kernel declares, calls the
/// kernel, and pushes what it returns. c10's make_boxed_from_unboxed_functor.h
/// does the same; its frames (`wrap_kernel_functor_unboxed_`) are the ones
/// between `callBoxed` and a kernel in a PyTorch backtrace, and ours are in
/// gdb/break_in_kernel_via_call_boxed.gdb.

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "mini/boxing/kernel_signature.h"
#include "mini/boxing/operator_kernel.h"
#include "mini/boxing/stack.h"
#include "mini/core/dispatch_key_set.h"

namespace mini {
inline namespace ch04 {

class OperatorHandle;

namespace impl {

// [wrap_kernel_functor_unboxed]
/// The unboxed calling convention of the dispatcher: every kernel is called
/// as `Ret(functor, DispatchKeySet, Args...)`. This adapter casts `functor`
/// back to the kernel's real class, calls its operator(), and passes the key
/// set on only to a kernel that asked for it. c10's is also called
/// wrap_kernel_functor_unboxed_: the frame between callUnboxedKernelFunction
/// and every kernel in a PyTorch backtrace, and in ours.
template <class KernelFunctor, class OperatorSignature = typename FunctorSignature<KernelFunctor>::OperatorSignature>
struct wrap_kernel_functor_unboxed_;

template <class KernelFunctor, class Ret, class... Args>
struct wrap_kernel_functor_unboxed_<KernelFunctor, Ret(Args...)> {
  static Ret call(OperatorKernel* functor, DispatchKeySet dispatchKeySet, Args... args) {
    auto* kernel = static_cast<KernelFunctor*>(functor);
    if constexpr (FunctorSignature<KernelFunctor>::takesDispatchKeySet) {
      return (*kernel)(dispatchKeySet, std::forward<Args>(args)...);
    } else {
      (void)dispatchKeySet;
      return (*kernel)(std::forward<Args>(args)...);
    }
  }
};
// [wrap_kernel_functor_unboxed]

// [push_outputs]
/// Pushes a kernel's result: nothing for void, each element of a tuple in
/// order, else the one value.
template <class Output>
void pushOutputs(Stack& stack, Output&& output) {
  if constexpr (requires { std::tuple_size<std::remove_cvref_t<Output>>::value; }) {
    std::apply([&stack](auto&&... outputs) { push(stack, std::forward<decltype(outputs)>(outputs)...); },
               std::forward<Output>(output));
  } else {
    push(stack, std::forward<Output>(output));
  }
}
// [push_outputs]

/// What a kernel's result is held as between the call and the push: by
/// value. A `Tensor&` result, or a tuple of them (an out= operator with two
/// outputs), refers to arguments that are about to be dropped from the stack,
/// so the handles are copied first.
template <class Ret>
struct HeldOutput {
  using type = std::decay_t<Ret>;
};
template <class... Results>
struct HeldOutput<std::tuple<Results...>> {
  using type = std::tuple<std::decay_t<Results>...>;
};

// [make_boxed_from_unboxed]
/// The boxed entry of a kernel functor of class KernelFunctor.
template <class KernelFunctor, class OperatorSignature = typename FunctorSignature<KernelFunctor>::OperatorSignature>
struct make_boxed_from_unboxed_functor;

template <class KernelFunctor, class Ret, class... Args>
struct make_boxed_from_unboxed_functor<KernelFunctor, Ret(Args...)> {
  static constexpr std::size_t kNumInputs = sizeof...(Args);
  using Output = typename HeldOutput<Ret>::type;

  static void call(OperatorKernel* functor, const OperatorHandle& /*op*/, DispatchKeySet dispatchKeySet, Stack* stack) {
    if constexpr (std::is_void_v<Ret>) {
      callWithArgsFromStack(functor, dispatchKeySet, *stack, std::index_sequence_for<Args...>());
      drop(*stack, kNumInputs);
    } else {
      Output output = callWithArgsFromStack(functor, dispatchKeySet, *stack, std::index_sequence_for<Args...>());
      drop(*stack, kNumInputs);
      pushOutputs(*stack, std::move(output));
    }
  }

  /// Argument i is the i-th of the top kNumInputs values: peek, in schema
  /// order, converted to the parameter's type. The index sequence 0, 1, ...
  /// is what lets one expression do this for every parameter.
  template <std::size_t... Indices>
  static Output callWithArgsFromStack(OperatorKernel* functor, DispatchKeySet dispatchKeySet, Stack& stack,
                                      std::index_sequence<Indices...>) {
    // Unboxed into locals first, so that a `Tensor&` parameter (an in-place
    // or out= kernel) has something to bind to.
    std::tuple<std::decay_t<Args>...> arguments{peek(stack, Indices, kNumInputs).template to<std::decay_t<Args>>()...};
    (void)arguments;  // a kernel without arguments leaves the tuple unused
    return wrap_kernel_functor_unboxed_<KernelFunctor>::call(functor, dispatchKeySet, std::get<Indices>(arguments)...);
  }
};
// [make_boxed_from_unboxed]

}  // namespace impl

}  // namespace ch04
}  // namespace mini
