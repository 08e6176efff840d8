// Mutant: pushes the arguments in reverse order
// Must fail: Exercise04_3.BoxesCallsAndUnboxes
// Exercise 04.3: the boxing wrapper, by hand.
// The lesson: chapters/04_boxing/README.md#exercise-43
// Declared in: mini/exercises/call_boxed_binary.h
#include "mini/exercises/call_boxed_binary.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

Tensor callBoxedBinary(const KernelFunction& kernel, const OperatorHandle& op, DispatchKeySet dispatchKeySet,
                       const Tensor& self, const Tensor& other) {
  Stack stack;
  push(stack, other, self);
  kernel.callBoxed(op, dispatchKeySet, &stack);
  impl::checkBoxedResultCount(stack, 1);
  return pop<Tensor>(stack);
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
