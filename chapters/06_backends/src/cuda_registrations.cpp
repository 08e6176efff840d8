// [cuda_registration]
// The CUDA row of every operator's table. Registered in every build: in
// one without nvcc the kernels are src/no_cuda/'s, which say why they
// cannot run, so a CUDA tensor fails with "built without CUDA" rather than
// "no kernel for CUDA".
#include "mini/cuda_kernels.h"
#include "mini/library.h"
#include "mini/sum_dims.h"

MINI_LIBRARY_IMPL(aten, CUDA, m) {
  m.impl("add.Tensor", &mini::addCuda);
  m.impl("sub.Tensor", &mini::subCuda);
  m.impl("mul.Tensor", &mini::mulCuda);
  m.impl("div.Tensor", &mini::divCuda);
  m.impl("neg", &mini::negCuda);
  m.impl("relu", &mini::reluCuda);
  m.impl("exp", &mini::expCuda);
  m.impl("sum.dim_IntList", +[](const mini::Tensor& self, const std::vector<std::int64_t>& dims, bool keepdim) {
    return mini::sumAlongDims(self, dims, keepdim, [](const mini::Tensor& t, std::int64_t dim, bool keep) {
      return mini::sumCuda(t, dim, keep);
    });
  });
  m.impl("sum", +[](const mini::Tensor& self) { return mini::sumCuda(self); });
  m.impl("matmul", &mini::matmulCuda);
  m.impl("threshold_backward", &mini::reluBackwardCuda);
  m.impl("fill_", &mini::fillCuda_);
  m.impl("copy_", &mini::copyCuda_);
  m.impl("empty", +[](const mini::Sizes& size, mini::ScalarType dtype, mini::Device device) {
    return mini::emptyTensor(size, {dtype, device.index < 0 ? mini::cudaDevice(0) : device});
  });
}
// [cuda_registration]
