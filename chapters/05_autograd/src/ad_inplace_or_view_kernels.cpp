#include "mini/ad_inplace_or_view_kernels.h"

#include "mini/cpu_kernels.h"
#include "mini/autograd_meta.h"

namespace mini {
inline namespace ch05 {

void bumpVersion(const Tensor& tensor) { ++tensor.unsafeGetTensorImpl()->storage->version; }

// [add_inplace_or_view]
Tensor& addInplaceADInplaceOrView(Tensor& self, const Tensor& other) {
  addInplaceCpu(self, other);
  bumpVersion(self);
  return self;
}
// [add_inplace_or_view]

Tensor& mulInplaceADInplaceOrView(Tensor& self, const Tensor& other) {
  mulInplaceCpu(self, other);
  bumpVersion(self);
  return self;
}

Tensor viewADInplaceOrView(const Tensor& self, const Sizes& sizes) {
  Tensor result = viewCpu(self, sizes);
  result.unsafeGetTensorImpl()->autograd->isView = true;
  return result;
}

}  // namespace ch05
}  // namespace mini
