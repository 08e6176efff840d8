// Mistake: I let the factor be an Int too and converted it, to be friendly to callers who write 3

// Exercise 04.2: popping typed arguments.
#include "mini/exercises/pop_scale_arguments.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

std::pair<Tensor, double> popScaleArguments(Stack& stack) {
  const IValue top = pop(stack);
  const double factor = top.isInt() ? static_cast<double>(top.toInt()) : top.toDouble();
  Tensor self = pop<Tensor>(stack);
  return {self, factor};
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
