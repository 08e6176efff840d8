// Mutant: reads both arguments from the top but shrinks the stack by one, leaving self behind
// Must fail: Exercise04_2.PopsBothArgumentsInSchemaOrder
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
  const double factor = stack.back().toDouble();
  Tensor self = stack[stack.size() - 2].toTensor();
  stack.pop_back();
  return {std::move(self), factor};
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
