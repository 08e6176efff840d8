// The custom-operator recipe of PyTorch's tutorial, with autograd: a schema,
// a CPU kernel, a CUDA kernel, a custom function registered on the Autograd
// key.
#include "mini/extension/my_add_function.h"

#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch06 {

// [my_add_function_impl]
Tensor MyAddFunction::forward(AutogradContext* /*ctx*/, const Tensor& self, const Tensor& other) {
  // myadd again, through the public API: the tensors still carry
  // AutogradCPU, and without this guard the call would come straight back
  // to myadd_autograd, forever.
  AutoDispatchBelowADInplaceOrView guard;
  return myadd(self, other);
}

TensorList MyAddFunction::backward(AutogradContext* /*ctx*/, TensorList gradOutputs) {
  const Tensor& grad = gradOutputs.at(0);
  return {grad, grad};
}

Tensor myadd_autograd(const Tensor& self, const Tensor& other) { return MyAddFunction::apply(self, other); }
// [my_add_function_impl]

// [myadd_cuda]
// The tutorial's myadd_cuda is a stub, TORCH_CHECK(0, "CUDA not yet
// implemented"); this one is the CUDA add, alpha left at 1 as on the CPU.
// A build without nvcc links addCuda's stand-in, which says why it cannot
// run, so this registration is the same in every build.
Tensor myadd_cuda(const Tensor& self, const Tensor& other) { return addCuda(self, other); }
// [myadd_cuda]

Tensor myadd(const Tensor& self, const Tensor& other) {
  static const auto op =
      Dispatcher::singleton().findSchemaOrThrow("myops::myadd", "").typed<Tensor(const Tensor&, const Tensor&)>();
  return op.call(self, other);
}

}  // namespace ch06
}  // namespace mini

// [my_add_registration]
MINI_LIBRARY(myops, m) { m.def("myadd(Tensor self, Tensor other) -> Tensor"); }

// The CPU add, with its alpha left at 1: myadd's schema has none.
MINI_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("myadd", [](const mini::Tensor& self, const mini::Tensor& other) { return mini::addCpu(self, other); });
}

// PyTorch's TORCH_LIBRARY_IMPL(myops, CUDA, m) { m.impl("myadd", myadd_cuda); }:
// one more block per backend, and nothing else changes, because the Autograd
// kernel above redispatches to whichever backend key the tensors carry.
MINI_LIBRARY_IMPL(myops, CUDA, m) { m.impl("myadd", &mini::myadd_cuda); }

MINI_LIBRARY_IMPL(myops, Autograd, m) { m.impl("myadd", &mini::myadd_autograd); }
// [my_add_registration]
