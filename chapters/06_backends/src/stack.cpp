#include "mini/stack.h"

#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

namespace {

/// The errors name what was asked and what was there, so a kernel that
/// miscounts its arguments says by how much.
void expectAtLeast(const Stack& stack, std::size_t n, std::string_view what) {
  if (stack.size() < n) {
    throw std::out_of_range(fmt::format("{}: the stack holds {} value(s), {} needed", what, stack.size(), n));
  }
}

}  // namespace

IValue pop(Stack& stack) {
  expectAtLeast(stack, 1, "pop");
  IValue top = std::move(stack.back());
  stack.pop_back();
  return top;
}

const IValue& peek(const Stack& stack, std::size_t i, std::size_t n) {
  expectAtLeast(stack, n, "peek");
  if (i >= n) {
    throw std::out_of_range(fmt::format("peek: index {} of the last {} value(s)", i, n));
  }
  return stack[stack.size() - n + i];
}

IValue& peek(Stack& stack, std::size_t i, std::size_t n) {
  return const_cast<IValue&>(peek(std::as_const(stack), i, n));
}

void drop(Stack& stack, std::size_t n) {
  expectAtLeast(stack, n, "drop");
  stack.resize(stack.size() - n);
}

std::vector<IValue> popN(Stack& stack, std::size_t n) {
  expectAtLeast(stack, n, "popN");
  const auto first = stack.end() - static_cast<std::ptrdiff_t>(n);
  std::vector<IValue> top(std::make_move_iterator(first), std::make_move_iterator(stack.end()));
  stack.erase(first, stack.end());
  return top;
}

}  // namespace ch06
}  // namespace mini
