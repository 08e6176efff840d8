// Exercise 04.5: replaying a trace through the dispatcher.
// The lesson: chapters/04_boxing/part3_boxed_fallbacks.md#exercise-45
// Declared in: mini/exercises/replay_trace.h
#include "mini/exercises/replay_trace.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

std::map<std::string, IValue> replayTrace(const Trace& trace, const std::vector<Tensor>& inputs) {
  (void)trace;
  (void)inputs;
  throw ExerciseNotDone("04.5");
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
