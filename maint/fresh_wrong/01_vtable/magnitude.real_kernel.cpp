// Mistake: I gave Real a kernel too (|x| of a real is easy), so magnitude(real(2)) answers instead of failing

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

Number magnitudeReal(const Number& x) { return real(std::abs(x.first)); }

Number magnitudePolar(const Number& x) { return real(std::abs(x.first)); }

namespace {
KernelRegistrar registerMagnitudeRectangular(magnitudeTable(), DispatchKey::Rectangular, &magnitudeRectangular);
KernelRegistrar registerMagnitudePolar(magnitudeTable(), DispatchKey::Polar, &magnitudePolar);
KernelRegistrar registerMagnitudeReal(magnitudeTable(), DispatchKey::Real, &magnitudeReal);
}  // namespace

Number magnitude(const Number& x) { return magnitudeTable().call(x.key, x); }

}  // namespace ch01
}  // namespace mini
