#include "mini/virtual_number.h"

#include <cmath>

namespace mini {
inline namespace ch01 {

double VirtualRectangular::magnitude() const { return std::hypot(re_, im_); }

double VirtualPolar::magnitude() const { return r_; }
double VirtualPolar::realPart() const { return r_ * std::cos(theta_); }
double VirtualPolar::imagPart() const { return r_ * std::sin(theta_); }

// [first-hop]
// The first hop of double dispatch: the vtable of `this` brought us here, so
// the left operand's type is known; the right one's vtable picks the rest.
std::unique_ptr<VirtualNumber> VirtualRectangular::add(const VirtualNumber& other) const {
  return other.addToRectangular(*this);
}

std::unique_ptr<VirtualNumber> VirtualPolar::add(const VirtualNumber& other) const { return other.addToPolar(*this); }
// [first-hop]

}  // namespace ch01
}  // namespace mini
