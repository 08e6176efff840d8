// The backend rows of add's table: CPU and CUDA. Registered from their own
// file, as in chapter 01. There is no GPU here: the CUDA kernel adds on the
// host too, and the result says CUDA. What matters is which kernel runs.
#include "mini/kernel_registrar.h"
#include "mini/operators.h"

namespace mini {
inline namespace ch02 {

namespace {
// Kernels below autograd see plain values and never set requires_grad.
Tensor addValuesOn(BackendComponent backend, const Tensor& a, const Tensor& b) {
  return makeTensor(a.item() + b.item(), backend);
}
}  // namespace

Tensor addCPU(const Tensor& a, const Tensor& b) { return addValuesOn(BackendComponent::CPUBit, a, b); }

Tensor addCUDA(const Tensor& a, const Tensor& b) { return addValuesOn(BackendComponent::CUDABit, a, b); }

namespace {
KernelRegistrar registerAddCPU(addTable(), DispatchKey::CPU, &addCPU);
KernelRegistrar registerAddCUDA(addTable(), DispatchKey::CUDA, &addCUDA);
}  // namespace

}  // namespace ch02
}  // namespace mini
