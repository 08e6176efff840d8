// Exercise 04.1: an IValue accessor for any number. See README.md#exercise-41.
#include "mini/exercise.h"
#include "mini/exercises.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

double toNumber(const IValue& value) {
  (void)value;
  throw ExerciseNotDone("04.1");
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
