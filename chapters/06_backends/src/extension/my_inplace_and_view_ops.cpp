// The other half of the custom-operator recipe without derivatives: an
// operator that writes its input, or returns a view of it, needs the
// ADInplaceOrView key as well as the Autograd key, and PyTorch has a boxed
// kernel for each (autograd_not_implemented_fallback.cpp in 1.13), so that
// an extension writes neither by hand.
#include "mini/extension/my_inplace_and_view_ops.h"

#include "mini/autograd/autograd_not_implemented_fallback.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {

Tensor myadd_(const Tensor& self, const Tensor& other) {
  static const auto op =
      Dispatcher::singleton().findSchemaOrThrow("myops::myadd_", "").typed<Tensor(const Tensor&, const Tensor&)>();
  return op.call(self, other);
}

Tensor myalias(const Tensor& self) {
  static const auto op = Dispatcher::singleton().findSchemaOrThrow("myops::myalias", "").typed<Tensor(const Tensor&)>();
  return op.call(self);
}

}  // namespace ch06
}  // namespace mini

// [inplace_or_view_fallback_registration]
// A fragment: myops was def()'d by MINI_LIBRARY in my_add_function.cpp, and
// a namespace has one such block.
MINI_LIBRARY_FRAGMENT(myops, m) {
  m.def("myadd_(Tensor(a!) self, Tensor other) -> Tensor(a!)");
  m.def("myalias(Tensor(a) self) -> Tensor(a)");
}

MINI_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("myadd_", [](const mini::Tensor& self, const mini::Tensor& other) {
    mini::Tensor written = self;
    return mini::copyCpu_(written, mini::addCpu(self, other));
  });
  m.impl("myalias", [](const mini::Tensor& self) {
    return mini::makeView(self, self.sizes(), self.strides(), self.storageOffset());
  });
}

// PyTorch's pairing: the Autograd fallback records a node that fails in
// backward, and the ADInplaceOrView fallback below it bumps the version of
// what was written and marks the view, read from the alias annotations.
MINI_LIBRARY_IMPL(myops, Autograd, m) {
  m.impl("myadd_", mini::KernelFunction::makeFromBoxedFunction<&mini::autogradNotImplementedFallback>());
  m.impl("myalias", mini::KernelFunction::makeFromBoxedFunction<&mini::autogradNotImplementedFallback>());
}

MINI_LIBRARY_IMPL(myops, ADInplaceOrView, m) {
  m.impl("myadd_", mini::KernelFunction::makeFromBoxedFunction<&mini::autogradNotImplementedInplaceOrViewFallback>());
  m.impl("myalias", mini::KernelFunction::makeFromBoxedFunction<&mini::autogradNotImplementedInplaceOrViewFallback>());
}
// [inplace_or_view_fallback_registration]
