// Mutant: multiplies as mulPolar does and returns a Polar number, not a Real
// Must fail: Exercise01_2.MulOfRealsIsReal
// Exercise 01.2: a new representation, Real, without editing any operator.
// The lesson: chapters/01_vtable/README.md#exercise-12
// Declared in: mini/operators.h
#include "mini/exercise.h"
#include "mini/kernel_registrar.h"
#include "mini/operators.h"

namespace mini {
inline namespace ch01 {

// Real is the lowest-priority key, so both arguments are Real here: a Real
// mixed with anything else reaches that other representation's kernel.
// addReal is given in the stub (the ladder's first branch, as a kernel).
Number addReal(const Number& a, const Number& b) { return real(a.first + b.first); }

Number mulReal(const Number& a, const Number& b) {
  const Number x = toPolar(a);
  const Number y = toPolar(b);
  return polar(x.first * y.first, x.second + y.second);
}

namespace {
KernelRegistrar registerAddReal(addTable(), DispatchKey::Real, &addReal);
KernelRegistrar registerMulReal(mulTable(), DispatchKey::Real, &mulReal);
}  // namespace

}  // namespace ch01
}  // namespace mini
