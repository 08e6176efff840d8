#pragma once
/// \file
/// \brief Boxing with templates: an unboxed call that reaches a boxed kernel.
///
/// A fallback is written once, against the stack. When a typed call such as
/// `add.call(a, b)` lands on it, the arguments must be boxed: pushed as
/// IValues, the kernel run, the result popped back into the C++ type the
/// caller expects. c10's impl/boxing.h does the same.

#include <cstddef>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <utility>

#include <fmt/format.h>

#include "mini/boxing/kernel_function.h"

namespace mini {
inline namespace ch05 {
namespace impl {

/// "Boxed kernel was expected to return one value on the stack, but instead
/// pushed 2 values.": a boxed kernel that broke the stack discipline.
void checkBoxedResultCount(const Stack& stack, std::size_t expected);

// [pop_result]
/// The kernel's results, on a stack that holds nothing else: one value, a
/// tuple of them, or nothing.
template <class Result>
struct PopResult {
  static Result call(Stack& stack) {
    checkBoxedResultCount(stack, 1);
    return std::move(stack[0]).template to<Result>();
  }
};
template <class... Results>
struct PopResult<std::tuple<Results...>> {
  static std::tuple<Results...> call(Stack& stack) {
    checkBoxedResultCount(stack, sizeof...(Results));
    return popTuple(stack, std::index_sequence_for<Results...>());
  }
  template <std::size_t... Indices>
  static std::tuple<Results...> popTuple(Stack& stack, std::index_sequence<Indices...>) {
    return {stack[Indices].template to<Results>()...};
  }
};
// [pop_result]

// [mutable_argument]
/// The argument a `Tensor&` result refers to, as c10 picks it: `self` of an
/// in-place operator (its first argument is a `Tensor&`), else `out` of an
/// out= operator (the last argument).
template <class First, class... Rest>
Tensor& mutableTensorArgument(First&& first, Rest&&... rest) {
  if constexpr (std::is_same_v<First, Tensor&>) {
    return first;
  } else {
    static_assert(sizeof...(Rest) > 0, "a Tensor& result needs a Tensor& argument");
    auto&& last = std::get<sizeof...(Rest) - 1>(std::forward_as_tuple(rest...));
    static_assert(std::is_same_v<decltype(last), Tensor&>, "a Tensor& result must be self or the last argument");
    return last;
  }
}
// [mutable_argument]

// [out_arguments]
/// The arguments an out= operator with several outputs returns, as c10
/// picks them: its last N, the `out` tensors, in order. `min.dim_min` returns
/// `(Tensor(a!) values, Tensor(b!) indices)`, the two it was given.
template <class Result, class... Args>
Result outArguments(Args&&... args) {
  constexpr std::size_t kNumOutputs = std::tuple_size_v<Result>;
  static_assert(kNumOutputs <= sizeof...(Args), "an out= operator returns some of its arguments");
  auto arguments = std::forward_as_tuple(args...);
  return [&arguments]<std::size_t... Indices>(std::index_sequence<Indices...>) {
    return Result(std::get<sizeof...(Args) - kNumOutputs + Indices>(arguments)...);
  }
  (std::make_index_sequence<kNumOutputs>());
}
template <class Result>
inline constexpr bool kIsTupleOfTensorReferences = false;
template <class... Results>
inline constexpr bool kIsTupleOfTensorReferences<std::tuple<Results...>> = (std::is_same_v<Results, Tensor&> && ...);
// [out_arguments]

// [boxed_kernel_wrapper]
template <class FunctionType>
struct BoxedKernelWrapper;

template <class Ret, class... Args>
struct BoxedKernelWrapper<Ret(Args...)> {
  static Ret call(const KernelFunction& kernel, const OperatorHandle& op, DispatchKeySet dispatchKeySet, Args... args) {
    Stack stack;
    stack.reserve(sizeof...(Args));
    push(stack, args...);
    kernel.callBoxed(op, dispatchKeySet, &stack);
    if constexpr (std::is_void_v<Ret>) {
      checkBoxedResultCount(stack, 0);
    } else if constexpr (std::is_same_v<Ret, Tensor&>) {
      // The kernel wrote into the argument and pushed it back; hand the
      // caller its own tensor, not a new handle.
      checkBoxedResultCount(stack, 1);
      return mutableTensorArgument<Args...>(std::forward<Args>(args)...);
    } else if constexpr (kIsTupleOfTensorReferences<Ret>) {
      // Several outputs written into: hand back the caller's out tensors.
      checkBoxedResultCount(stack, std::tuple_size_v<Ret>);
      return outArguments<Ret>(std::forward<Args>(args)...);
    } else {
      return PopResult<Ret>::call(stack);
    }
  }
};
// [boxed_kernel_wrapper]

}  // namespace impl
}  // namespace ch05
}  // namespace mini
