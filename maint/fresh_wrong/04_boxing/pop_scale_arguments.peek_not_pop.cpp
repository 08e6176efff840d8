// Mistake: I read both arguments with peek and forgot to drop them, so they stay on the stack

// Exercise 04.2: popping typed arguments.
#include "mini/exercises/pop_scale_arguments.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

std::pair<Tensor, double> popScaleArguments(Stack& stack) {
  const double factor = peek(stack, 1, 2).toDouble();
  Tensor self = peek(stack, 0, 2).toTensor();
  return {self, factor};
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
