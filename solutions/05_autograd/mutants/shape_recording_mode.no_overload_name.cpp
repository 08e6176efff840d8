// Mutant: names the call by the schema's name alone, without its overload (aten::mul for aten::mul.Tensor)
// Must fail: Exercise05_6.BelowAutogradItAlsoSeesBackward
// Exercise 05.6: a mode that records the shapes of every call.
// The lesson: chapters/05_autograd/part3_modes_and_vmap.md#exercise-56
// Declared in: mini/exercises/shape_recording_mode.h
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/exercises/shape_recording_mode.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

namespace {
/// `[2, 3]` for a tensor, the value as it prints for anything else.
std::string shapeOf(const IValue& value) {
  return value.isTensor() ? fmt::format("[{}]", fmt::join(value.toTensor().sizes(), ", ")) : fmt::format("{}", value);
}
}  // namespace

void ShapeRecordingMode::torchDispatch(const OperatorHandle& op, Stack* stack) {
  const std::size_t count = op.schema().arguments.size();
  std::string shapes;
  for (std::size_t i = 0; i < count; ++i) {
    shapes += (i == 0 ? "" : ", ") + shapeOf(peek(*stack, i, count));
  }
  // Looked at before the call: the call pops the arguments.
  callOperator(op, stack);
  calls_.push_back(fmt::format("{}({}) -> {}", op.schema().name, shapes, shapeOf(stack->back())));
}

}  // namespace ch05
}  // namespace mini
