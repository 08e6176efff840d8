// Exercise 01.3: the second hop of double dispatch, in the vtable world.
// The lesson: chapters/01_vtable/README.md#exercise-13
// Declared in: mini/virtual_number.h
#include "mini/exercise.h"
#include "mini/virtual_number.h"

namespace mini {
inline namespace ch01 {

// TODO(01.3): `lhs.add(rhs)` has already dispatched on lhs; these four
// methods finish the job for each pair of types. Return lhs + *this as a new
// number (either class will do). Count the methods: N x N for N classes.
std::unique_ptr<VirtualNumber> VirtualRectangular::addToRectangular(const VirtualRectangular& lhs) const {
  (void)lhs;
  throw ExerciseNotDone("01.3");
}

std::unique_ptr<VirtualNumber> VirtualRectangular::addToPolar(const VirtualPolar& lhs) const {
  (void)lhs;
  throw ExerciseNotDone("01.3");
}

std::unique_ptr<VirtualNumber> VirtualPolar::addToRectangular(const VirtualRectangular& lhs) const {
  (void)lhs;
  throw ExerciseNotDone("01.3");
}

std::unique_ptr<VirtualNumber> VirtualPolar::addToPolar(const VirtualPolar& lhs) const {
  (void)lhs;
  throw ExerciseNotDone("01.3");
}

}  // namespace ch01
}  // namespace mini
