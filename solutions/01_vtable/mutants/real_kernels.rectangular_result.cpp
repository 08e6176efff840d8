// Mutant: returns a Rectangular number (with imaginary part 0) from the Real kernel
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
Number addReal(const Number& a, const Number& b) { return real(a.first + b.first); }

Number mulReal(const Number& a, const Number& b) { return rectangular(a.first * b.first, 0); }

namespace {
KernelRegistrar registerAddReal(addTable(), DispatchKey::Real, &addReal);
KernelRegistrar registerMulReal(mulTable(), DispatchKey::Real, &mulReal);
}  // namespace

}  // namespace ch01
}  // namespace mini
