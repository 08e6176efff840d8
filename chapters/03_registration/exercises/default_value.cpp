// Exercise 03.1: the value of a default, as PyTorch 1.13's schema parser reads it.
// The lesson: chapters/03_registration/part1_schemas_and_libraries.md#exercise-31
// Declared in: mini/exercises/default_value.h
#include "mini/exercises/default_value.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// TODO(03.1): the spelling's own token decides what a constant is (None,
// True, a string, a named constant, an int, a float), except that a `float`
// type or a float list's element makes an int a float. A fixed-size list
// spelled as one number repeats it; an optional reads one constant and never
// converts. Print the value as Python's repr() does.
std::string defaultValue(const Argument& argument) {
  (void)argument;
  throw ExerciseNotDone("03.1");
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
