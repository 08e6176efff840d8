// Exercise 04.2: popping typed arguments. See README.md#exercise-42.
#include "mini/exercise.h"
#include "mini/exercises.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

std::pair<Tensor, double> popScaleArguments(Stack& stack) {
  (void)stack;
  throw ExerciseNotDone("04.2");
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
