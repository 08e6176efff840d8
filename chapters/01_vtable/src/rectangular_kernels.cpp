// The Rectangular row of every operator's table. Nothing outside this file
// mentions these kernels: the registrars below put them in the tables during
// static initialisation, before main runs.
#include "mini/kernel_registrar.h"
#include "mini/operators.h"

namespace mini {
inline namespace ch01 {

// Kernels take any lower-priority argument and convert it first: the key
// only promises that nothing of higher priority is among the arguments.
Number addRectangular(const Number& a, const Number& b) {
  const Number x = toRectangular(a);
  const Number y = toRectangular(b);
  return rectangular(x.first + y.first, x.second + y.second);
}

Number mulRectangular(const Number& a, const Number& b) {
  const Number x = toRectangular(a);
  const Number y = toRectangular(b);
  return rectangular(x.first * y.first - x.second * y.second, x.first * y.second + x.second * y.first);
}

namespace {
KernelRegistrar registerAddRectangular(addTable(), DispatchKey::Rectangular, &addRectangular);
KernelRegistrar registerMulRectangular(mulTable(), DispatchKey::Rectangular, &mulRectangular);
}  // namespace

}  // namespace ch01
}  // namespace mini
