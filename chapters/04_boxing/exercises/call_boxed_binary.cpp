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
  (void)kernel;
  (void)op;
  (void)dispatchKeySet;
  (void)self;
  (void)other;
  throw ExerciseNotDone("04.3");
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
