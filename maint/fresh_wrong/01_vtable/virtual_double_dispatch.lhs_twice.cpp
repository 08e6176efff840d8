// Mistake: In Polar's addToRectangular I added lhs to itself (copy-paste of the parameter)

// Exercise 01.3: the second hop of double dispatch, in the vtable world.
#include "mini/virtual_number.h"

namespace mini {
inline namespace ch01 {

namespace {
std::unique_ptr<VirtualNumber> sum(const VirtualNumber& lhs, const VirtualNumber& rhs) {
  return std::make_unique<VirtualRectangular>(lhs.realPart() + rhs.realPart(), lhs.imagPart() + rhs.imagPart());
}
}  // namespace

std::unique_ptr<VirtualNumber> VirtualRectangular::addToRectangular(const VirtualRectangular& lhs) const {
  return sum(lhs, *this);
}

std::unique_ptr<VirtualNumber> VirtualRectangular::addToPolar(const VirtualPolar& lhs) const { return sum(lhs, *this); }

std::unique_ptr<VirtualNumber> VirtualPolar::addToRectangular(const VirtualRectangular& lhs) const {
  return sum(lhs, lhs);
}

std::unique_ptr<VirtualNumber> VirtualPolar::addToPolar(const VirtualPolar& lhs) const { return sum(lhs, *this); }

}  // namespace ch01
}  // namespace mini
