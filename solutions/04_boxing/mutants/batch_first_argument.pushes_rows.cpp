// Mutant: pushes each row's result instead of one batched tensor
// Must fail: Exercise04_4.MapsAUnaryOperatorOverRows
// Exercise 04.4: a Batched fallback of your own.
// The lesson: chapters/04_boxing/README.md#exercise-44
// Declared in: mini/exercises/batch_first_argument.h
#include "mini/exercises/batch_first_argument.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

void batchFirstArgument(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  const std::vector<IValue> arguments = popN(*stack, op.schema().arguments.size());
  const Tensor batched = arguments.at(0).toTensor();
  for (std::size_t row = 0; row < batched.batchSize(); ++row) {
    Stack rowStack = arguments;
    rowStack[0] = batchSlice(batched, row);
    op.callBoxed(&rowStack);
    push(*stack, pop<Tensor>(rowStack));
  }
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
