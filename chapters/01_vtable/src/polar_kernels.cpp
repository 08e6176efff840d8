// The Polar row of every operator's table, registered from its own file.
#include "mini/kernel_registrar.h"
#include "mini/operators.h"

namespace mini {
inline namespace ch01 {

// Addition has no short cut in polar form: go through rectangular and back.
Number addPolar(const Number& a, const Number& b) {
  const Number x = toRectangular(a);
  const Number y = toRectangular(b);
  return toPolar(rectangular(x.first + y.first, x.second + y.second));
}

// Multiplication is why polar form exists: multiply the magnitudes, add the
// angles.
Number mulPolar(const Number& a, const Number& b) {
  const Number x = toPolar(a);
  const Number y = toPolar(b);
  return polar(x.first * y.first, x.second + y.second);
}

// [registrars]
namespace {
KernelRegistrar registerAddPolar(addTable(), DispatchKey::Polar, &addPolar);
KernelRegistrar registerMulPolar(mulTable(), DispatchKey::Polar, &mulPolar);
}  // namespace

// [registrars]
}  // namespace ch01
}  // namespace mini
