#pragma once
/// \file
/// \brief The Stack: how a boxed call passes arguments in and results out.
///
/// A boxed kernel receives a `Stack*`. The caller pushes the arguments in
/// schema order, so the last argument is on top; the kernel pops (or drops)
/// all of them and pushes its results. A 2-in/1-out call leaves exactly one
/// value behind. c10 (torch::jit) has the same helpers under the same names.

#include <cstddef>
#include <utility>
#include <vector>

#include "mini/ivalue.h"

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

}  // namespace ch06
}  // namespace mini
