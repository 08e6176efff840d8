// Mistake: After popping I cleared the stack to be tidy, which also throws away what was below

// Exercise 04.2: popping typed arguments.
#include "mini/exercises/pop_scale_arguments.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

std::pair<Tensor, double> popScaleArguments(Stack& stack) {
  const double factor = pop<double>(stack);
  Tensor self = pop<Tensor>(stack);
  stack.clear();
  return {self, factor};
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
