// [cuda_registration]
// The CUDA row of the operators that ops.yaml does not have (the generated
// RegisterCUDA.cpp has the rest, in a build with nvcc). Registered in every
// build: in one without nvcc the kernels are src/native/no_cuda/'s, which say why
// they cannot run, so a CUDA tensor fails with "built without CUDA" rather
// than "no kernel for CUDA".
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/op_registration/library.h"

MINI_LIBRARY_IMPL(aten, CUDA, m) {
  m.impl("sum", +[](const mini::Tensor& self) { return mini::sumCuda(self); });
  m.impl("threshold_backward", &mini::reluBackwardCuda);
  m.impl("fill_", &mini::fillCuda_);
  m.impl("copy_", &mini::copyCuda_);
  m.impl("empty", +[](const mini::Sizes& size, mini::ScalarType dtype, mini::Device device) {
    return mini::emptyTensor(size, {dtype, device.index < 0 ? mini::cudaDevice(0) : device});
  });
}
// [cuda_registration]
