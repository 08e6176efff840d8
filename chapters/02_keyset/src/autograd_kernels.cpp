// The autograd rows of add's table. Meta and PrivateUse1 get no autograd
// kernel, as in PyTorch 1.13: a call there fails with "... from the
// 'AutogradMeta' backend".
#include "mini/kernel_registrar.h"
#include "mini/operators.h"

namespace mini {
inline namespace ch02 {

// [autograd_kernel]
// The autograd kernel does its part (here: attach a backward node when an
// input requires grad), then steps below its own key and calls add again.
// Excluding autograd and ADInplaceOrView in this thread is what makes the
// second call land on CPU or CUDA instead of here: that is the exclude guard's
// whole job. PyTorch calls this guard AutoDispatchBelowADInplaceOrView.
Tensor addAutograd(const Tensor& a, const Tensor& b) {
  ExcludeDispatchKeyGuard belowAutograd(kAutogradDispatchKeySetWithADInplaceOrView);
  const Tensor result = add(a, b);
  if (!a.requiresGrad() && !b.requiresGrad()) {
    return result;
  }
  return Tensor(result.keySet(), result.item(), /*requiresGrad=*/true, "AddBackward0");
}
// [autograd_kernel]

namespace {
KernelRegistrar registerAddAutogradCPU(addTable(), DispatchKey::AutogradCPU, &addAutograd);
KernelRegistrar registerAddAutogradCUDA(addTable(), DispatchKey::AutogradCUDA, &addAutograd);
}  // namespace

}  // namespace ch02
}  // namespace mini
