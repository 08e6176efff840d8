// The Real row of every operator's table, registered from its own file:
// adding a representation edits no operator.
#include "mini/kernel_registrar.h"
#include "mini/operators.h"

namespace mini {
inline namespace ch01 {

// Real is the lowest-priority key, so both arguments are Real here: a Real
// mixed with anything else reaches that other representation's kernel.
Number addReal(const Number& a, const Number& b) { return real(a.first + b.first); }

Number mulReal(const Number& a, const Number& b) { return real(a.first * b.first); }

namespace {
KernelRegistrar registerAddReal(addTable(), DispatchKey::Real, &addReal);
KernelRegistrar registerMulReal(mulTable(), DispatchKey::Real, &mulReal);
}  // namespace

}  // namespace ch01
}  // namespace mini
