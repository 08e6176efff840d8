// [meta_kernels]
// The Meta backend: every kernel is its operator's meta function and an
// output with no bytes. Running a model on Meta tensors computes every
// shape and dtype (and every shape error) without touching data: what
// PyTorch's fake tensors and `device="meta"` are for.
#include <stdexcept>

#include <fmt/ranges.h>

#include "mini/core/shape.h"
#include "mini/native/output_meta.h"

namespace mini {
inline namespace ch06 {

// The Meta kernels of ops.yaml's plain operators, named in their `Meta:`
// lines (empty's is emptyKernel, every backend's); its structured ones get
// theirs from their meta(). The generated RegisterMeta.cpp registers both.
Tensor floatUnaryMetaKernel(const Tensor& self) {
  return emptyLike(unaryMeta(self, IntegerInputs::PromoteToFloat), kMeta);
}
Tensor sumMetaKernel(const Tensor& self) { return emptyLike(sumMeta(self), kMeta); }
Tensor thresholdBackwardMeta(const Tensor& grad, const Tensor& result) {
  return emptyLike(binaryMeta(grad, result, "threshold_backward"), kMeta);
}
Tensor& fillMeta_(Tensor& self, double) { return self; }
// copy_ runs here when either side is Meta (Meta outranks CPU and CUDA).
// Into a meta tensor is fine: there is nothing to write. Out of one is not.
Tensor& copyMeta_(Tensor& self, const Tensor& src) {
  if (!self.device().isMeta()) {
    throw std::runtime_error(fmt::format("copy_: cannot copy out of meta tensor; no data! (to {})", self.device()));
  }
  checkBroadcastsInto(self.sizes(), src.sizes(), "copy_");
  return self;
}

}  // namespace ch06
}  // namespace mini

// [meta_kernels]
