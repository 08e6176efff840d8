// Mutant: loops over self's rows without checking that the other arguments are no more batched than self
// Must fail: Exercise04_4.ABatchedOtherCannotBeWrittenIntoAnUnbatchedSelf
// Exercise 04.4: the Batched fallback for in-place operators.
// The lesson: chapters/04_boxing/part3_boxed_fallbacks.md#exercise-44
// Declared in: mini/exercises/batched_inplace_fallback.h
#include "mini/exercises/batched_inplace_fallback.h"

#include <algorithm>
#include <vector>

#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

namespace {

bool isBatched(const IValue& value) { return value.isTensor() && value.toTensor().batchSize() > 0; }

}  // namespace

void batchedInplaceFallback(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  const FunctionSchema& schema = op.schema();
  const std::vector<IValue> arguments = popN(*stack, schema.arguments.size());
  Tensor self = arguments.at(0).toTensor();
  const std::size_t rowLength = self.batchSize() == 0 ? 0 : self.numel() / self.batchSize();
  for (std::size_t row = 0; row < self.batchSize(); ++row) {
    Stack rowStack;
    for (const IValue& argument : arguments) {
      push(rowStack, isBatched(argument) ? IValue(batchSlice(argument.toTensor(), row)) : argument);
    }
    op.callBoxed(&rowStack);
    // The kernel wrote a row of its own: copy it into self's row.
    const Tensor written = pop<Tensor>(rowStack);
    std::copy(written.values().begin(), written.values().end(),
              self.mutableValues().begin() + static_cast<std::ptrdiff_t>(row * rowLength));
  }
  push(*stack, self);
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
