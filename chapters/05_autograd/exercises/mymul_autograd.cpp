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

// TODO(05.1): follow addAutograd in src/autograd/autograd_kernels.cpp.
// 1. recordIfNeeded<MulBackward0>({self, other}): null when nothing needs grad.
// 2. If there is a node: save `other` when input 0 needs a gradient and
//    `self` when input 1 does (SavedVariable), and set selfSizes/otherSizes.
// 3. Compute the product below autograd: under an
//    AutoDispatchBelowADInplaceOrView guard,
//    mymulOp().redispatch(dispatchKeySet & kAfterAutogradKeySet, self, other).
// 4. If there is a node: setHistory(result, node).
Tensor mymulAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  (void)dispatchKeySet;
  (void)self;
  (void)other;
  throw ExerciseNotDone("05.1");
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
