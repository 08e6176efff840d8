// Mutant: holds the guard but redispatches with the whole key set, autograd keys included
// Must fail: Exercise05_5.ReturnsInsteadOfRecursing
// Exercise 05.5: fixing the recursion with the guard.
// The lesson: chapters/05_autograd/README.md#exercise-55
// Declared in: mini/exercises/myrelu_autograd.h
#include "mini/exercises/myrelu_autograd.h"
#include "mini/autograd/autograd_kernels.h"
#include "mini/autograd/backward_nodes.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/op_registration/library.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch05 {

// Below autograd, by redispatch: the key set with autograd masked off picks
// the CPU kernel, and the guard keeps anything *it* calls from coming back.
Tensor myreluAutograd(DispatchKeySet dispatchKeySet, const Tensor& self) {
  std::shared_ptr<ReluBackward0> node = recordIfNeeded<ReluBackward0>({self});
  Tensor result;
  {
    AutoDispatchBelowADInplaceOrView guard;
    result = myreluOp().redispatch(dispatchKeySet, self);
  }
  if (node != nullptr) {
    setHistory(result, node);
    node->result = SavedVariable(result);
  }
  return result;
}

const TypedOperatorHandle<Tensor(const Tensor&)>& myreluOp() {
  static const auto handle =
      Dispatcher::singleton().findSchemaOrThrow("myops::myrelu", "").typed<Tensor(const Tensor&)>();
  return handle;
}

Tensor myrelu(const Tensor& self) { return myreluOp().call(self); }

}  // namespace ch05
}  // namespace mini

// myops::myrelu: relu's CPU kernel, and the Autograd kernel above.
MINI_LIBRARY_FRAGMENT(myops, m) { m.def("myrelu(Tensor self) -> Tensor"); }

MINI_LIBRARY_IMPL(myops, CPU, m) { m.impl("myrelu", &mini::reluCpu); }

MINI_LIBRARY_IMPL(myops, Autograd, m) { m.impl("myrelu", &mini::myreluAutograd); }
