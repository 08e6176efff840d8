#include "mini/boxing/stack.h"

#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch04 {

namespace detail {

void throwStackUnderflow(const Stack& stack, std::size_t n, std::string_view what) {
  throw std::out_of_range(fmt::format("{}: the stack holds {} value(s), {} needed", what, stack.size(), n));
}

void throwPeekIndex(std::size_t i, std::size_t n) {
  throw std::out_of_range(fmt::format("peek: index {} of the last {} value(s)", i, n));
}

}  // namespace detail

using detail::expectAtLeast;

IValue pop(Stack& stack) {
  expectAtLeast(stack, 1, "pop");
  IValue top = std::move(stack.back());
  stack.pop_back();
  return top;
}

std::vector<IValue> popN(Stack& stack, std::size_t n) {
  expectAtLeast(stack, n, "popN");
  const auto first = stack.end() - static_cast<std::ptrdiff_t>(n);
  std::vector<IValue> top(std::make_move_iterator(first), std::make_move_iterator(stack.end()));
  stack.erase(first, stack.end());
  return top;
}

}  // namespace ch04
}  // namespace mini
