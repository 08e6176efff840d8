// Mistake: I used one formula for both kernels: the length of (first, second), forgetting a polar number's first is
// already the radius

// Exercise 01.1: a new operator, `magnitude`, with a table of its own.
#include <cmath>

#include "mini/kernel_registrar.h"
#include "mini/magnitude.h"

namespace mini {
inline namespace ch01 {

using UnaryKernel = Number(const Number&);

OperatorTable<UnaryKernel>& magnitudeTable() {
  static OperatorTable<UnaryKernel> table("magnitude");
  return table;
}

Number magnitudeRectangular(const Number& x) { return real(std::hypot(x.first, x.second)); }

Number magnitudePolar(const Number& x) { return real(std::hypot(x.first, x.second)); }

namespace {
KernelRegistrar registerMagnitudeRectangular(magnitudeTable(), DispatchKey::Rectangular, &magnitudeRectangular);
KernelRegistrar registerMagnitudePolar(magnitudeTable(), DispatchKey::Polar, &magnitudePolar);
}  // namespace

Number magnitude(const Number& x) { return magnitudeTable().call(x.key, x); }

}  // namespace ch01
}  // namespace mini
