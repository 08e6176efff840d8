// Exercise 05.6: a mode that records the shapes of every call.
// The lesson: chapters/05_autograd/part3_modes_and_vmap.md#exercise-56
// Declared in: mini/exercises/shape_recording_mode.h
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/exercises/shape_recording_mode.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// TODO(05.6): append "<op.operatorName()>(<arguments>) -> <result>" to calls_
// for this call (a tensor described by its sizes, anything else as fmt
// prints it), and let the call happen: what is on the stack before it, and
// after?
void ShapeRecordingMode::torchDispatch(const OperatorHandle& op, Stack* stack) {
  (void)op;
  (void)stack;
  throw ExerciseNotDone("05.6");
}

}  // namespace ch05
}  // namespace mini
