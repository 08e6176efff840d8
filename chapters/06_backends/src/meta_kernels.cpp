// [meta_kernels]
// The Meta backend: every kernel is its operator's meta function and an
// output with no bytes. Running a model on Meta tensors computes every
// shape and dtype (and every shape error) without touching data: what
// PyTorch's fake tensors and `device="meta"` are for.
#include <stdexcept>

#include <fmt/ranges.h>

#include "mini/library.h"
#include "mini/sum_dims.h"
#include "mini/meta_functions.h"

namespace mini {
inline namespace ch06 {

namespace {

Tensor binaryMetaKernel(const Tensor& self, const Tensor& other, std::string_view op,
                        IntegerInputs integers = IntegerInputs::KeepIntegral) {
  return emptyLike(binaryMeta(self, other, op, integers), kMeta);
}

}  // namespace

Tensor addMeta(const Tensor& self, const Tensor& other) { return binaryMetaKernel(self, other, "add"); }
Tensor subMeta(const Tensor& self, const Tensor& other) { return binaryMetaKernel(self, other, "sub"); }
Tensor mulMeta(const Tensor& self, const Tensor& other) { return binaryMetaKernel(self, other, "mul"); }
Tensor divMeta(const Tensor& self, const Tensor& other) {
  return binaryMetaKernel(self, other, "div", IntegerInputs::PromoteToFloat);
}
Tensor unaryMetaKernel(const Tensor& self) { return emptyLike(unaryMeta(self), kMeta); }
Tensor floatUnaryMetaKernel(const Tensor& self) { return emptyLike(unaryMeta(self, IntegerInputs::PromoteToFloat), kMeta); }
Tensor sumMetaKernel(const Tensor& self) { return emptyLike(sumMeta(self), kMeta); }
Tensor matmulMetaKernel(const Tensor& self, const Tensor& other) { return emptyLike(matmulMeta(self, other), kMeta); }
Tensor thresholdBackwardMeta(const Tensor& grad, const Tensor& result) {
  return binaryMetaKernel(grad, result, "threshold_backward");
}
// In place on Meta: the same checks as every backend, then nothing to write.
Tensor& inplaceMetaKernel(Tensor& self, const Tensor& other) {
  const OutputMeta meta = binaryMeta(self, other, "add_");
  if (meta.sizes != self.sizes()) {
    throw std::invalid_argument(fmt::format("output with shape [{}] doesn't match the broadcast shape [{}]",
                                            fmt::join(self.sizes(), ", "), fmt::join(meta.sizes, ", ")));
  }
  return self;
}
Tensor& fillMeta_(Tensor& self, double) { return self; }
// copy_ runs here when either side is Meta (Meta outranks CPU and CUDA).
// Into a meta tensor is fine: there is nothing to write. Out of one is not.
Tensor& copyMeta_(Tensor& self, const Tensor& src) {
  if (!self.device().isMeta()) {
    throw std::runtime_error(fmt::format("copy_: cannot copy out of meta tensor; no data! (to {})", self.device()));
  }
  broadcastShapes(self.sizes(), src.sizes(), "copy_");
  return self;
}

}  // namespace ch06
}  // namespace mini

MINI_LIBRARY_IMPL(aten, Meta, m) {
  m.impl("add.Tensor", &mini::addMeta);
  m.impl("sub.Tensor", &mini::subMeta);
  m.impl("mul.Tensor", &mini::mulMeta);
  m.impl("div.Tensor", &mini::divMeta);
  m.impl("neg", &mini::unaryMetaKernel);
  m.impl("relu", &mini::unaryMetaKernel);
  m.impl("exp", &mini::floatUnaryMetaKernel);
  m.impl("sin", &mini::floatUnaryMetaKernel);
  m.impl("sum.dim_IntList", +[](const mini::Tensor& self, const std::vector<std::int64_t>& dims, bool keepdim) {
    return mini::sumAlongDims(self, dims, keepdim, [](const mini::Tensor& t, std::int64_t dim, bool keep) {
      return mini::emptyLike(mini::sumMeta(t, dim, keep), mini::kMeta);
    });
  });
  m.impl("sum", &mini::sumMetaKernel);
  m.impl("matmul", &mini::matmulMetaKernel);
  m.impl("threshold_backward", &mini::thresholdBackwardMeta);
  m.impl("add_.Tensor", &mini::inplaceMetaKernel);
  m.impl("mul_.Tensor", &mini::inplaceMetaKernel);
  m.impl("fill_", &mini::fillMeta_);
  m.impl("copy_", &mini::copyMeta_);
  m.impl("empty", +[](const mini::Sizes& size, mini::ScalarType dtype, mini::Device device) {
    return mini::emptyTensor(size, {dtype, device});
  });
}
// [meta_kernels]
