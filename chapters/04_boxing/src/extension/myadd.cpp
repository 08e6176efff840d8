// The recipe: a schema, a kernel, a registration, a dispatching function.
#include "mini/core/alias_keys.h"
#include "mini/extension/myops.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch04 {

// [myadd_cpu]
Tensor myadd_cpu(const Tensor& self, const Tensor& other) {
  return elementwise(self, other, [](double a, double b) { return a + b; });
}
// [myadd_cpu]

// [myadd_dispatching_function]
Tensor myadd(const Tensor& self, const Tensor& other) {
  // Found once, by name, the first time through; the signature is checked
  // then too. Every later call goes straight to the Dispatcher.
  static const auto op =
      Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "").typed<Tensor(const Tensor&, const Tensor&)>();
  return op.call(self, other);
}
// [myadd_dispatching_function]

// [myadd_autograd]
Tensor myadd_autograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other) {
  static const auto op =
      Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "").typed<Tensor(const Tensor&, const Tensor&)>();
  // Below autograd for the rest of this kernel: what the redispatch
  // computes is not recorded again.
  ExcludeDispatchKeyGuard belowAutograd(kAutogradDispatchKeySetWithADInplaceOrView);
  const Tensor result = op.redispatch(dispatchKeySet & kAfterAutogradKeySet, self, other);
  if (!self.requiresGrad() && !other.requiresGrad()) {
    return result;
  }
  return Tensor(result.keySet(), result.values(), /*requiresGrad=*/true, "MyAddBackward0");
}
// [myadd_autograd]

}  // namespace ch04
}  // namespace mini

// [myadd_registration]
MINI_LIBRARY(myops, m) { m.def("myadd(Tensor self, Tensor other) -> Tensor"); }

MINI_LIBRARY_IMPL(myops, CPU, m) { m.impl("myadd", &mini::myadd_cpu); }
// [myadd_registration]
