// Mistake: I brought every result back with to(device), in-place ones too, so the caller gets a new tensor and its own
// is never written

// Exercise 06.4: a CPU fallback for the out-of-tree backend.
#include <optional>
#include <vector>

#include "mini/exercises/cpu_fallback.h"

namespace mini {
inline namespace ch06 {
namespace exercises {

void cpuFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) {
  (void)dispatchKeySet;
  const FunctionSchema& schema = op.schema();
  const std::size_t n = schema.arguments.size();
  std::vector<std::optional<Tensor>> deviceTensors(n);
  std::optional<Device> device;
  for (std::size_t i = 0; i < n; ++i) {
    IValue& argument = peek(*stack, i, n);
    if (argument.isTensor() && argument.toTensor().device().type != DeviceType::CPU) {
      const Tensor original = argument.toTensor();
      deviceTensors[i] = original;
      device = original.device();
      argument = IValue(original.to(kCpu));
    }
  }
  op.callBoxed(stack);
  const std::size_t r = schema.returns.size();
  for (std::size_t j = 0; j < r; ++j) {
    IValue& result = peek(*stack, j, r);
    if (!result.isTensor()) {
      continue;
    }
    const Argument& returned = schema.returns[j];
    std::optional<std::size_t> written;
    if (returned.alias && returned.alias->is_write) {
      for (std::size_t i = 0; i < n; ++i) {
        if (schema.arguments[i].alias && schema.arguments[i].alias->set == returned.alias->set) {
          written = i;
        }
      }
    }
    if (false && written && deviceTensors[*written]) {
      Tensor target = *deviceTensors[*written];
      target.copy_(result.toTensor());
      result = IValue(target);
    } else if (device) {
      result = IValue(result.toTensor().to(*device));
    }
  }
}

}  // namespace exercises
}  // namespace ch06
}  // namespace mini
