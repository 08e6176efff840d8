// Mistake: I only listed the tensor arguments, since the mode records shapes

// Exercise 05.6: a dispatch mode that records the shapes of every call.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/exercises/shape_recording_mode.h"

namespace mini {
inline namespace ch05 {

namespace {
std::string describe(const IValue& value) {
  if (value.isTensor()) {
    return fmt::format("[{}]", fmt::join(value.toTensor().sizes(), ", "));
  }
  return fmt::format("{}", value);
}
}  // namespace

void ShapeRecordingMode::torchDispatch(const OperatorHandle& op, Stack* stack) {
  const std::size_t n = op.schema().arguments.size();
  std::vector<std::string> arguments;
  for (std::size_t i = 0; i < n; ++i) {
    if (peek(*stack, i, n).isTensor()) {
      arguments.push_back(describe(peek(*stack, i, n)));
    }
  }
  callOperator(op, stack);
  const std::string result = describe(stack->back());
  calls_.push_back(fmt::format("{}({}) -> {}", op.operatorName(), fmt::join(arguments, ", "), result));
}

}  // namespace ch05
}  // namespace mini
