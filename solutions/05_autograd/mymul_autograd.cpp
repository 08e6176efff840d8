// Exercise 05.1: the Autograd kernel of a multiplication.
// The lesson: chapters/05_autograd/README.md#exercise-51
#include "mini/autograd_kernels.h"
#include "mini/cpu_kernels.h"
#include "mini/exercise.h"
#include "mini/functions.h"
#include "mini/mymul_autograd.h"

namespace mini {
inline namespace ch05 {

// Record only when needed, save for each input what *its* gradient reads
// (the other input), compute below autograd, then hang the node on the result.
Tensor mymulAutograd(const Tensor& self, const Tensor& other) {
  std::shared_ptr<MulBackward0> node = recordIfNeeded<MulBackward0>({self, other});
  if (node != nullptr) {
    if (node->needsInputGrad(0)) {
      node->other = SavedVariable(other);
    }
    if (node->needsInputGrad(1)) {
      node->self = SavedVariable(self);
    }
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  Tensor result = mulCpu(self, other);
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

}  // namespace ch05
}  // namespace mini
