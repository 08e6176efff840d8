// Mutant: accepts an Int factor too and converts it to a double, where the typed pop refuses it
// Must fail: Exercise04_2.AnIntFactorIsAnIValueErrorToo
// Exercise 04.2: popping typed arguments.
// The lesson: chapters/04_boxing/part1_ivalue_and_stack.md#exercise-42
// Declared in: mini/exercises/pop_scale_arguments.h
#include "mini/exercises/pop_scale_arguments.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

std::pair<Tensor, double> popScaleArguments(Stack& stack) {
  // The last argument is on top: pop in reverse schema order.
  const IValue top = pop(stack);
  const double factor = top.isInt() ? static_cast<double>(top.toInt()) : top.toDouble();
  Tensor self = pop<Tensor>(stack);
  return {std::move(self), factor};
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
