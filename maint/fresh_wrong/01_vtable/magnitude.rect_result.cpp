// Mistake: I returned the length as a Rectangular number with a zero imaginary part instead of a Real one

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

Number magnitudeRectangular(const Number& x) { return rectangular(std::hypot(x.first, x.second), 0.0); }

Number magnitudePolar(const Number& x) { return rectangular(std::abs(x.first), 0.0); }

namespace {
KernelRegistrar registerMagnitudeRectangular(magnitudeTable(), DispatchKey::Rectangular, &magnitudeRectangular);
KernelRegistrar registerMagnitudePolar(magnitudeTable(), DispatchKey::Polar, &magnitudePolar);
}  // namespace

Number magnitude(const Number& x) { return magnitudeTable().call(x.key, x); }

}  // namespace ch01
}  // namespace mini
