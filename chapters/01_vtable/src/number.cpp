#include "mini/number.h"

#include <cmath>

namespace mini {
inline namespace ch01 {

Number real(double value) { return {DispatchKey::Real, value, 0.0}; }
Number rectangular(double re, double im) { return {DispatchKey::Rectangular, re, im}; }
Number polar(double r, double theta) { return {DispatchKey::Polar, r, theta}; }

Number toRectangular(const Number& x) {
  switch (x.key) {
    case DispatchKey::Real: return rectangular(x.first, 0.0);
    case DispatchKey::Rectangular: return x;
    case DispatchKey::Polar: return rectangular(x.first * std::cos(x.second), x.first * std::sin(x.second));
  }
  return x;
}

Number toPolar(const Number& x) {
  if (x.key == DispatchKey::Polar) {
    return x;
  }
  const Number r = toRectangular(x);
  return polar(std::hypot(r.first, r.second), std::atan2(r.second, r.first));
}

bool approxEqual(const Number& a, const Number& b, double tolerance) {
  const Number ra = toRectangular(a);
  const Number rb = toRectangular(b);
  return std::abs(ra.first - rb.first) <= tolerance && std::abs(ra.second - rb.second) <= tolerance;
}

}  // namespace ch01
}  // namespace mini
