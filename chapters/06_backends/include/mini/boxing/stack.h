#pragma once
/// \file
/// \brief The Stack: how a boxed call passes arguments in and results out.
///
/// A boxed kernel receives a `Stack*`. The caller pushes the arguments in
/// schema order, so the last argument is on top; the kernel pops (or drops)
/// all of them and pushes its results. A 2-in/1-out call leaves exactly one
/// value behind. c10 (torch::jit) has the same helpers under the same names.

#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

#include "mini/boxing/ivalue.h"

namespace mini {
inline namespace ch06 {

// [stack]
using Stack = std::vector<IValue>;

/// Pushes each value in order: push(stack, a, b) leaves b on top.
template <class... Values>
void push(Stack& stack, Values&&... values) {
  (stack.emplace_back(std::forward<Values>(values)), ...);
}

/// Removes and returns the top value. An empty stack is an error, not
/// undefined behaviour: a kernel that pops more than it was given is a bug
/// the lesson wants to show, not hide.
IValue pop(Stack& stack);

/// The typed pop: the top value as a T ("Expected Int but got Tensor" if it
/// is not one). pop<std::int64_t>(stack).
template <class T>
T pop(Stack& stack) {
  return pop(stack).to<T>();
}

/// The i-th of the last n values: peek(stack, 0, 2) is the first of the top
/// two, the first argument of a 2-argument call. Arguments are read in place
/// this way, in schema order, before they are dropped.
const IValue& peek(const Stack& stack, std::size_t i, std::size_t n);
IValue& peek(Stack& stack, std::size_t i, std::size_t n);

/// Removes the top n values.
void drop(Stack& stack, std::size_t n);

/// The top n values, in order, moved out of the stack.
std::vector<IValue> popN(Stack& stack, std::size_t n);
// [stack]

namespace detail {
/// The errors name what was asked and what was there, so a kernel that
/// miscounts its arguments says by how much. Out of line: only a bug pays.
[[noreturn]] void throwStackUnderflow(const Stack& stack, std::size_t n, std::string_view what);
[[noreturn]] void throwPeekIndex(std::size_t i, std::size_t n);

inline void expectAtLeast(const Stack& stack, std::size_t n, std::string_view what) {
  if (stack.size() < n) [[unlikely]] {
    throwStackUnderflow(stack, n, what);
  }
}
}  // namespace detail

// Every boxed call peeks at its arguments and drops them, so these two are
// inline: the checks stay (a compare each), the messages are built only
// when they fail. torch::jit keeps peek and drop in its stack.h for the same
// reason, without the checks.
inline const IValue& peek(const Stack& stack, std::size_t i, std::size_t n) {
  detail::expectAtLeast(stack, n, "peek");
  if (i >= n) [[unlikely]] {
    detail::throwPeekIndex(i, n);
  }
  return stack[stack.size() - n + i];
}

inline IValue& peek(Stack& stack, std::size_t i, std::size_t n) {
  return const_cast<IValue&>(peek(std::as_const(stack), i, n));
}

inline void drop(Stack& stack, std::size_t n) {
  detail::expectAtLeast(stack, n, "drop");
  stack.resize(stack.size() - n);
}

}  // namespace ch06
}  // namespace mini
