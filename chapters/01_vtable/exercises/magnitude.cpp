// Exercise 01.1: a new operator, `magnitude`, with a table of its own.
// The lesson: chapters/01_vtable/README.md#exercise-11
// Declared in: mini/magnitude.h
#include "mini/magnitude.h"
#include "mini/exercise.h"
#include "mini/kernel_registrar.h"

namespace mini {
inline namespace ch01 {

using UnaryKernel = Number(const Number&);

// magnitude's table, given: addTable() in src/operators.cpp with another
// signature and name, built on first use by a function-local static.
OperatorTable<UnaryKernel>& magnitudeTable() {
  static OperatorTable<UnaryKernel> table("magnitude");
  return table;
}

// TODO(01.1): give `magnitude` the rest of what add and mul have:
//   1. a kernel for Rectangular and one for Polar, each returning real(|x|);
//   2. a KernelRegistrar per kernel, into magnitudeTable();
//   3. this function: pick the key from `x` and call the table.
Number magnitude(const Number& x) {
  (void)x;
  throw ExerciseNotDone("01.1");
}

}  // namespace ch01
}  // namespace mini
