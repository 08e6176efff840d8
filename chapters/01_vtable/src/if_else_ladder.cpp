#include "mini/if_else_ladder.h"

namespace mini {
inline namespace ch01 {

// [ladder]
Number addWithLadder(const Number& a, const Number& b) {
  if (a.key == DispatchKey::Real && b.key == DispatchKey::Real) {
    return real(a.first + b.first);
  }
  if (a.key == DispatchKey::Polar || b.key == DispatchKey::Polar) {
    const Number x = toRectangular(a);
    const Number y = toRectangular(b);
    return toPolar(rectangular(x.first + y.first, x.second + y.second));
  }
  // Rectangular, or Rectangular with Real. A fourth representation means a
  // new branch here, in mul, in every operator ever written.
  const Number x = toRectangular(a);
  const Number y = toRectangular(b);
  return rectangular(x.first + y.first, x.second + y.second);
}

// [ladder]
}  // namespace ch01
}  // namespace mini
