// Mutant: registers the Polar kernel on the Rectangular key and the Rectangular kernel on the Polar key
// Must fail: Exercise01_1.MagnitudeOfPolarIsItsRadius
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

Number magnitudeRectangular(const Number& x) { return real(std::hypot(x.first, x.second)); }

Number magnitudePolar(const Number& x) { return real(std::abs(x.first)); }

namespace {
KernelRegistrar registerMagnitudeRectangular(magnitudeTable(), DispatchKey::Polar, &magnitudeRectangular);
KernelRegistrar registerMagnitudePolar(magnitudeTable(), DispatchKey::Rectangular, &magnitudePolar);
}  // namespace

Number magnitude(const Number& x) { return magnitudeTable().call(x.key, x); }

}  // namespace ch01
}  // namespace mini
