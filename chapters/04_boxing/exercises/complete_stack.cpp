// Exercise 04.3: a stack from the caller's arguments and the schema's defaults.
// The lesson: chapters/04_boxing/part1_ivalue_and_stack.md#exercise-43
// Declared in: mini/exercises/complete_stack.h
#include "mini/exercises/complete_stack.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

void completeStackForSchema(const FunctionSchema& schema, Stack& stack) {
  (void)schema;
  (void)stack;
  throw ExerciseNotDone("04.3");
}

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
