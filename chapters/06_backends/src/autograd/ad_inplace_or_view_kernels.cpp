#include "mini/autograd/ad_inplace_or_view_kernels.h"

#include "mini/autograd/autograd_meta.h"

namespace mini {
inline namespace ch06 {

void bumpVersion(const Tensor& tensor) { ++tensor.unsafeGetTensorImpl()->storage->version; }

void markAsView(const Tensor& view) { view.unsafeGetTensorImpl()->autograd->isView = true; }

}  // namespace ch06
}  // namespace mini
