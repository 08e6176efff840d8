// Mutant: builds the sum of two Polar numbers as a Polar number from the summed real and imaginary parts
// Must fail: Exercise01_3.EveryPairOfClassesAdds
// Exercise 01.3: the second hop of double dispatch, in the vtable world.
// The lesson: chapters/01_vtable/README.md#exercise-13
// Declared in: mini/virtual_number.h
#include "mini/exercise.h"
#include "mini/virtual_number.h"

namespace mini {
inline namespace ch01 {

namespace {
// Every pair ends in the same sum; only the routing differs, and the routing
// is what costs N x N methods.
std::unique_ptr<VirtualNumber> sumOf(const VirtualNumber& a, const VirtualNumber& b) {
  return std::make_unique<VirtualRectangular>(a.realPart() + b.realPart(), a.imagPart() + b.imagPart());
}
}  // namespace

std::unique_ptr<VirtualNumber> VirtualRectangular::addToRectangular(const VirtualRectangular& lhs) const {
  return sumOf(lhs, *this);
}

std::unique_ptr<VirtualNumber> VirtualRectangular::addToPolar(const VirtualPolar& lhs) const {
  return sumOf(lhs, *this);
}

std::unique_ptr<VirtualNumber> VirtualPolar::addToRectangular(const VirtualRectangular& lhs) const {
  return sumOf(lhs, *this);
}

std::unique_ptr<VirtualNumber> VirtualPolar::addToPolar(const VirtualPolar& lhs) const {
  return std::make_unique<VirtualPolar>(lhs.realPart() + realPart(), lhs.imagPart() + imagPart());
}

}  // namespace ch01
}  // namespace mini
