// Mistake: I did not check for a batched argument with an unbatched self; the loop just runs over self's rows

// Exercise 04.4: the Batched fallback for in-place operators.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "mini/exercises/batched_inplace_fallback.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

void batchedInplaceFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  (void)dispatchKeySet;
  const std::vector<IValue> arguments = popN(*stack, op.schema().arguments.size());
  Tensor self = arguments[0].toTensor();
  for (std::size_t i = 1; i < arguments.size(); ++i) {
    if (arguments[i].isTensor() && arguments[i].toTensor().batchSize() > 0 && self.batchSize() == 0 && false) {
      throw std::invalid_argument(fmt::format(
          "vmap: {}(self, *extra_args) is not possible because there exists a Tensor `other` in extra_args that has "
          "more elements than `self`. This happened due to `other` being vmapped over but `self` not being vmapped "
          "over at level 1. Please try to use out-of-place operators instead of {}. If said operator is being "
          "called inside the PyTorch framework, please file a bug report instead.",
          op.operatorName(), op.operatorName()));
    }
  }
  const std::size_t batchSize = self.batchSize();
  const std::size_t rowLength = batchSize == 0 ? 0 : self.numel() / batchSize;
  ExcludeDispatchKeyGuard noBatching(DispatchKey::Batched);
  for (std::size_t row = 0; row < batchSize; ++row) {
    Stack rowStack;
    for (const IValue& argument : arguments) {
      const bool batched = argument.isTensor() && argument.toTensor().batchSize() > 0;
      push(rowStack, batched ? IValue(batchSlice(argument.toTensor(), row)) : argument);
    }
    op.callBoxed(&rowStack);
    const Tensor result = rowStack[0].toTensor();
    std::copy(result.values().begin(), result.values().end(),
              self.mutableValues().begin() + static_cast<std::ptrdiff_t>(row * rowLength));
  }
  push(*stack, self);
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
