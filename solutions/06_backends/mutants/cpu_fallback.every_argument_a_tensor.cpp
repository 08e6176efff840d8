// Mutant: reads every argument as a tensor, so a Scalar argument (sub_'s alpha) is refused
// Must fail: Exercise06_4.EveryDeviceTensorArgumentMoves
// Exercise 06.4: a CPU fallback for the out-of-tree backend.
// The lesson: chapters/06_backends/part2_backend_kernels.md#exercise-64
// Declared in: mini/exercises/cpu_fallback.h
#include "mini/exercises/cpu_fallback.h"

#include <optional>
#include <vector>

#include "mini/generated/Functions.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch06 {
namespace exercises {

namespace {

/// The argument a written result aliases (`Tensor(a!)` on both sides).
std::optional<std::size_t> writtenArgument(const FunctionSchema& schema, const Argument& result) {
  if (!result.alias || !result.alias->is_write) {
    return std::nullopt;
  }
  for (std::size_t i = 0; i < schema.arguments.size(); ++i) {
    const auto& alias = schema.arguments[i].alias;
    if (alias && alias->is_write && alias->set == result.alias->set) {
      return i;
    }
  }
  return std::nullopt;
}

}  // namespace

void cpuFallback(const OperatorHandle& op, DispatchKeySet /*dispatchKeySet*/, Stack* stack) {
  const FunctionSchema& schema = op.schema();
  const std::size_t numArguments = schema.arguments.size();
  std::vector<Tensor> onDevice(numArguments);
  std::optional<Device> device;
  for (std::size_t i = 0; i < numArguments; ++i) {
    IValue& argument = peek(*stack, i, numArguments);
    if (argument.toTensor().defined() && !argument.toTensor().device().isCpu()) {
      onDevice[i] = argument.toTensor();
      device = onDevice[i].device();
      argument = onDevice[i].to(kCpu);
    }
  }
  // A call, not a redispatch: the key set the device tensors gave would
  // bring it straight back here; the CPU copies pick the CPU kernels.
  op.callBoxed(stack);
  const std::size_t numReturns = schema.returns.size();
  for (std::size_t r = 0; r < numReturns; ++r) {
    IValue& result = peek(*stack, r, numReturns);
    if (!result.isTensor() || !device) {
      continue;
    }
    const std::optional<std::size_t> written = writtenArgument(schema, schema.returns[r]);
    if (written && onDevice[*written].defined()) {
      onDevice[*written].copy_(result.toTensor());
      result = onDevice[*written];
    } else {
      result = result.toTensor().to(*device);
    }
  }
}

}  // namespace exercises
}  // namespace ch06
}  // namespace mini
