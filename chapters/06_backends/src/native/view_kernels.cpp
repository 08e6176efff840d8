// t and view make no data, only a new TensorImpl on the same storage with
// other sizes and strides. That is the same on every device, so one kernel
// serves them all: CompositeExplicitAutograd fills every backend's slot,
// the out-of-tree backend's included, and Meta's (a view of nothing).
// ops.yaml names them; its generated ADInplaceOrView kernels mark the result
// as a view.
#include <stdexcept>

#include <fmt/ranges.h>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

Tensor tStrided(const Tensor& self) {
  if (self.dim() != 2) {
    throw std::invalid_argument(fmt::format("t: expected a 2-D tensor, got {}-D", self.dim()));
  }
  // Chapter 05 copied here; with strides the transpose is the same bytes
  // walked the other way round.
  return makeView(self, {self.sizes()[1], self.sizes()[0]}, {self.strides()[1], self.strides()[0]},
                  self.storageOffset());
}

Tensor viewStrided(const Tensor& self, const Sizes& sizes) {
  if (numelOf(sizes) != self.numel()) {
    throw std::invalid_argument(
        fmt::format("shape '[{}]' is invalid for input of size {}", fmt::join(sizes, ", "), self.numel()));
  }
  if (!self.isContiguous()) {
    throw std::invalid_argument(
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across "
        "two contiguous subspaces). Use .reshape(...) instead.");
  }
  return makeView(self, sizes, contiguousStrides(sizes), self.storageOffset());
}

}  // namespace ch06
}  // namespace mini
