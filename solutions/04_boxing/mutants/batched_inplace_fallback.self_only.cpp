// Mutant: slices self and gives every other argument to each row whole
// Must fail: Exercise04_4.SlicesEveryBatchedArgument
// Exercise 04.4: the Batched fallback for in-place operators.
// The lesson: chapters/04_boxing/part3_boxed_fallbacks.md#exercise-44
// Declared in: mini/exercises/batched_inplace_fallback.h
#include "mini/exercises/batched_inplace_fallback.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

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
  // One row of self cannot hold a whole batch of results.
  for (std::size_t i = 1; i < arguments.size() && self.batchSize() == 0; ++i) {
    if (isBatched(arguments[i])) {
      // `other` is PyTorch 1.13's fixed word, whatever the argument is called.
      throw std::invalid_argument(fmt::format(
          "vmap: {0}(self, *extra_args) is not possible because there exists a Tensor `other` in extra_args that "
          "has more elements than `self`. This happened due to `other` being vmapped over but `self` not being "
          "vmapped over at level 1. Please try to use out-of-place operators instead of {0}. If said operator is "
          "being called inside the PyTorch framework, please file a bug report instead.",
          schema.name));
    }
  }
  const std::size_t rowLength = self.batchSize() == 0 ? 0 : self.numel() / self.batchSize();
  for (std::size_t row = 0; row < self.batchSize(); ++row) {
    Stack rowStack;
    for (const IValue& argument : arguments) {
      push(rowStack, &argument == &arguments.front() ? IValue(batchSlice(argument.toTensor(), row)) : argument);
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
