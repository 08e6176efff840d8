// Exercise 01.1: a new operator, `magnitude`, with a table of its own.
// The lesson: chapters/01_vtable/README.md#exercise-11
// Declared in: mini/magnitude.h
#include "mini/magnitude.h"
#include "mini/exercise.h"
#include "mini/kernel_registrar.h"

namespace mini {
inline namespace ch01 {

// TODO(01.1): give `magnitude` what add and mul have:
//   1. a table, `OperatorTable<Number(const Number&)>`, named "magnitude",
//      built on first use by a function-local static;
//   2. a kernel for Rectangular and one for Polar, each returning real(|x|);
//   3. a KernelRegistrar per kernel;
//   4. this function: pick the key from `x` and call the table.
Number magnitude(const Number& x) {
  (void)x;
  throw ExerciseNotDone("01.1");
}

}  // namespace ch01
}  // namespace mini
