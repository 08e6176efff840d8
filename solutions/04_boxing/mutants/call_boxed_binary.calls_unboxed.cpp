// Mutant: lets KernelFunction::call do the boxing instead of boxing by hand
// Must fail: Exercise04_3.BoxesByHand
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
  return kernel.call<Tensor, const Tensor&, const Tensor&>(op, dispatchKeySet, self, other);
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
