#include "mini/autograd/ad_inplace_or_view_kernels.h"

#include "mini/autograd/autograd_meta.h"
#include "mini/core/grad_mode.h"

namespace mini {
inline namespace ch06 {

void bumpVersion(const Tensor& tensor) { ++tensor.unsafeGetTensorImpl()->storage->version; }

void markAsView(const Tensor& view, const Tensor& self) {
  AutogradMeta& meta = *view.unsafeGetTensorImpl()->autograd;
  const AutogradMeta& selfMeta = *self.unsafeGetTensorImpl()->autograd;
  meta.isView = true;
  // A view of a view records the first base: the one tensor whose history
  // an in-place write anywhere in the storage's views ends up in.
  meta.base = selfMeta.isView ? selfMeta.base : self;
  meta.createdWithGradMode = GradMode::isEnabled();
  meta.historyVersion = view.version();
}

}  // namespace ch06
}  // namespace mini
