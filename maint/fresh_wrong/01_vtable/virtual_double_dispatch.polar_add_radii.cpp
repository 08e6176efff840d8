// Mistake: Polar plus Polar: I added the radii and kept lhs's angle, since both are polar already

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
  return sum(lhs, *this);
}

std::unique_ptr<VirtualNumber> VirtualPolar::addToPolar(const VirtualPolar& lhs) const {
  return std::make_unique<VirtualPolar>(lhs.magnitude() + magnitude(), lhs.angle());
}

}  // namespace ch01
}  // namespace mini
