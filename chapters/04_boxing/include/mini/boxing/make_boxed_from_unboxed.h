#pragma once
/// \file
/// \brief Unboxing with templates: a boxed entry point for any C++ kernel.
///
/// The compiler writes one of these per kernel signature: it reads each
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
#include "mini/boxing/stack.h"
#include "mini/core/dispatch_key_set.h"

namespace mini {
inline namespace ch04 {

class OperatorHandle;

namespace impl {

using ErasedFunction = void (*)();

// [wrap_kernel_function_unboxed]
/// The unboxed calling convention of the dispatcher: every kernel is called
/// as `Ret(function, DispatchKeySet, Args...)`. This adapter casts `function`
/// back to the kernel's real type and passes the key set on only to a kernel
/// that asked for it (c10's wrap_kernel_functor_unboxed_).
template <class FunctionType, class OperatorSignature = typename KernelSignature<FunctionType>::OperatorSignature>
struct wrap_kernel_function_unboxed;

template <class FunctionType, class Ret, class... Args>
struct wrap_kernel_function_unboxed<FunctionType, Ret(Args...)> {
  static Ret call(ErasedFunction function, DispatchKeySet dispatchKeySet, Args... args) {
    auto* kernel = reinterpret_cast<FunctionType*>(function);
    if constexpr (KernelSignature<FunctionType>::takesDispatchKeySet) {
      return kernel(dispatchKeySet, std::forward<Args>(args)...);
    } else {
      (void)dispatchKeySet;
      return kernel(std::forward<Args>(args)...);
    }
  }
};
// [wrap_kernel_function_unboxed]

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

// [make_boxed_from_unboxed]
/// The boxed entry of a kernel of type FunctionType.
template <class FunctionType, class OperatorSignature = typename KernelSignature<FunctionType>::OperatorSignature>
struct make_boxed_from_unboxed_function;

template <class FunctionType, class Ret, class... Args>
struct make_boxed_from_unboxed_function<FunctionType, Ret(Args...)> {
  static constexpr std::size_t kNumInputs = sizeof...(Args);
  /// What the kernel returns, held by value: a `Tensor&` result refers to an
  /// argument that is about to be dropped from the stack.
  using Output = std::decay_t<Ret>;

  static void call(ErasedFunction function, const OperatorHandle& /*op*/, DispatchKeySet dispatchKeySet, Stack* stack) {
    if constexpr (std::is_void_v<Ret>) {
      callWithArgsFromStack(function, dispatchKeySet, *stack, std::index_sequence_for<Args...>());
      drop(*stack, kNumInputs);
    } else {
      Output output = callWithArgsFromStack(function, dispatchKeySet, *stack, std::index_sequence_for<Args...>());
      drop(*stack, kNumInputs);
      pushOutputs(*stack, std::move(output));
    }
  }

  /// Argument i is the i-th of the top kNumInputs values: peek, in schema
  /// order, converted to the parameter's type. The index sequence 0, 1, ...
  /// is what lets one expression do this for every parameter.
  template <std::size_t... Indices>
  static Output callWithArgsFromStack(ErasedFunction function, DispatchKeySet dispatchKeySet, Stack& stack,
                                      std::index_sequence<Indices...>) {
    // Unboxed into locals first, so that a `Tensor&` parameter (an in-place
    // or out= kernel) has something to bind to.
    std::tuple<std::decay_t<Args>...> arguments{peek(stack, Indices, kNumInputs).template to<std::decay_t<Args>>()...};
    (void)arguments;  // a kernel without arguments leaves the tuple unused
    return wrap_kernel_function_unboxed<FunctionType>::call(function, dispatchKeySet, std::get<Indices>(arguments)...);
  }
};
// [make_boxed_from_unboxed]

}  // namespace impl

}  // namespace ch04
}  // namespace mini
