// Mutant: saves both inputs whether or not their gradients are wanted
// Must fail: Exercise05_1.KeepsNoInputWhoseGradientIsNotWanted
// Exercise 05.1: the Autograd kernel of a multiplication.
// The lesson: chapters/05_autograd/README.md#exercise-51
// Declared in: mini/exercises/mymul_autograd.h
#include "mini/exercises/mymul_autograd.h"
#include "mini/autograd/autograd_kernels.h"
#include "mini/autograd/backward_nodes.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// Record only when needed, save for each input what *its* gradient reads
// (the other input), compute below autograd, then hang the node on the result.
Tensor mymulAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  std::shared_ptr<MulBackward0> node = recordIfNeeded<MulBackward0>({self, other});
  if (node != nullptr) {
    node->other = SavedVariable(other);
    node->self = SavedVariable(self);
    node->selfSizes = self.sizes();
    node->otherSizes = other.sizes();
  }
  Tensor result;
  {
    AutoDispatchBelowADInplaceOrView guard;
    result = mymulOp().redispatch(dispatchKeySet & kAfterAutogradKeySet, self, other);
  }
  if (node != nullptr) {
    setHistory(result, node);
  }
  return result;
}

const TypedOperatorHandle<Tensor(const Tensor&, const Tensor&)>& mymulOp() {
  static const auto handle =
      Dispatcher::singleton().findSchemaOrThrow("myops::mymul", "").typed<Tensor(const Tensor&, const Tensor&)>();
  return handle;
}

Tensor mymul(const Tensor& self, const Tensor& other) { return mymulOp().call(self, other); }

}  // namespace ch05
}  // namespace mini

// myops::mymul: mul's CPU kernel, and the Autograd kernel above.
MINI_LIBRARY_FRAGMENT(myops, m) { m.def("mymul(Tensor self, Tensor other) -> Tensor"); }

MINI_LIBRARY_IMPL(myops, CPU, m) { m.impl("mymul", &mini::mulCpu); }

MINI_LIBRARY_IMPL(myops, Autograd, m) { m.impl("mymul", &mini::mymulAutograd); }
