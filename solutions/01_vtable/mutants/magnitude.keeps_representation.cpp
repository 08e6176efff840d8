// Mutant: returns the magnitude as a Rectangular number instead of a Real one
// Must fail: Exercise01_1.MagnitudeOfRectangularIsItsLength
// Exercise 01.1: a new operator, `magnitude`, with a table of its own.
// The lesson: chapters/01_vtable/README.md#exercise-11
// Declared in: mini/magnitude.h
#include <cmath>

#include "mini/exercise.h"
#include "mini/kernel_registrar.h"
#include "mini/magnitude.h"

namespace mini {
inline namespace ch01 {

using UnaryKernel = Number(const Number&);

OperatorTable<UnaryKernel>& magnitudeTable() {
  static OperatorTable<UnaryKernel> table("magnitude");
  return table;
}

Number magnitudeRectangular(const Number& x) { return rectangular(std::hypot(x.first, x.second), 0); }

Number magnitudePolar(const Number& x) { return polar(std::abs(x.first), 0); }

namespace {
KernelRegistrar registerMagnitudeRectangular(magnitudeTable(), DispatchKey::Rectangular, &magnitudeRectangular);
KernelRegistrar registerMagnitudePolar(magnitudeTable(), DispatchKey::Polar, &magnitudePolar);
}  // namespace

Number magnitude(const Number& x) { return magnitudeTable().call(x.key, x); }

}  // namespace ch01
}  // namespace mini
