// Exercise 01.2: a table for every pair of keys.
// The lesson: chapters/01_vtable/README.md#exercise-12
// Declared in: mini/pair_table.h
#include "mini/pair_table.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch01 {

// TODO(01.2): remember `kernel` and `site` in the cell (a, b). A cell that
// already has a kernel is refused with std::logic_error:
//   "Tried to register a kernel for 'sub' on keys (Real, Polar) twice. Each pair takes a single kernel.
//    Duplicate registration: registered at <site>. Original registration: registered at <original site>"
// (one line).
void PairTable::registerKernel(DispatchKey a, DispatchKey b, Kernel kernel, SourceSite site) {
  (void)a;
  (void)b;
  (void)kernel;
  (void)site;
  (void)kernels_;  // what the stub leaves unused; clang would say so
  throw ExerciseNotDone("01.2");
}

// TODO(01.2): run the kernel of the cell (x.key, y.key). An empty cell is a
// std::runtime_error:
//   "Could not run 'sub' with arguments from the (Polar, Real) backends. 'sub' is only available for these
//    pairs: [(Real, Real), (Real, Polar)]."
// (one line; the pairs in the order of the table, row by row).
Number PairTable::call(const Number& x, const Number& y) const {
  (void)x;
  (void)y;
  throw ExerciseNotDone("01.2");
}

}  // namespace ch01
}  // namespace mini
