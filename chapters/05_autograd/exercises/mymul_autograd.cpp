// Exercise 05.1: the Autograd kernel of a multiplication.
// The lesson: chapters/05_autograd/README.md#exercise-51
#include "mini/autograd_kernels.h"
#include "mini/cpu_kernels.h"
#include "mini/exercise.h"
#include "mini/functions.h"
#include "mini/mymul_autograd.h"

namespace mini {
inline namespace ch05 {

// TODO(05.1): follow addAutograd in src/autograd_kernels.cpp.
// 1. recordIfNeeded<MulBackward0>({self, other}): null when nothing needs grad.
// 2. If there is a node: save `other` when input 0 needs a gradient and
//    `self` when input 1 does (SavedVariable), and set selfSizes/otherSizes.
// 3. Compute the product with mulCpu (the kernel below autograd).
// 4. If there is a node: setHistory(result, node).
Tensor mymulAutograd(const Tensor& self, const Tensor& other) {
  (void)self;
  (void)other;
  throw ExerciseNotDone("05.1");
}

}  // namespace ch05
}  // namespace mini
