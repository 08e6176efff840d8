// Exercise 04.1: an IValue accessor for any number.
// The lesson: chapters/04_boxing/part1_ivalue_and_stack.md#exercise-41
// Declared in: mini/exercises/to_number.h
#include "mini/exercises/to_number.h"
#include "mini/util/exercise.h"

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
