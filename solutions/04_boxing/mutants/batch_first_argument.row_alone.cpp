// Mutant: calls each row without the other arguments
// Must fail: Exercise04_4.PassesTheOtherArgumentsToEveryRow
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
  std::vector<Tensor> rows;
  for (std::size_t row = 0; row < batched.batchSize(); ++row) {
    Stack rowStack;
    push(rowStack, batchSlice(batched, row));
    op.callBoxed(&rowStack);
    rows.push_back(pop<Tensor>(rowStack));
  }
  push(*stack, stackBatch(rows));
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
