// Exercise 05.6: a mode that records the shapes of every call.
// The lesson: chapters/05_autograd/part3_modes_and_vmap.md#exercise-56
// Declared in: mini/exercises/shape_recording_mode.h
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/exercises/shape_recording_mode.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// TODO(05.6): the schema says how many of the stack's top values are the
// arguments (peek(*stack, i, n)); describe each (a tensor by its sizes(),
// anything else with fmt's "{}"), make the call with callOperator(op, stack),
// then describe the one result on top and append
// "<op.operatorName()>(<arguments>) -> <result>" to calls_.
void ShapeRecordingMode::torchDispatch(const OperatorHandle& op, Stack* stack) {
  (void)op;
  (void)stack;
  throw ExerciseNotDone("05.6");
}

}  // namespace ch05
}  // namespace mini
