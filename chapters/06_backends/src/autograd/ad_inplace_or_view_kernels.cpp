#include "mini/autograd/ad_inplace_or_view_kernels.h"

#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/op_registration/library.h"
#include "mini/aten/operators.h"

namespace mini {
inline namespace ch06 {

void bumpVersion(const Tensor& tensor) { ++tensor.unsafeGetTensorImpl()->storage->version; }

Tensor viewADInplaceOrView(DispatchKeySet dispatchKeySet, const Tensor& self, const Sizes& sizes) {
  Tensor result;
  {
    AutoDispatchBelowADInplaceOrView guard;
    result = viewOp().redispatch(dispatchKeySet & kAfterADInplaceOrViewKeySet, self, sizes);
  }
  result.unsafeGetTensorImpl()->autograd->isView = true;
  return result;
}

}  // namespace ch06
}  // namespace mini

// [ad_inplace_or_view_registration]
// Only the operators that write or alias: every other operator has the
// global fallthrough on ADInplaceOrView and skips the key without a call.
// The writers of ops.yaml (add_, add.out, ...) get theirs from the generated
// RegisterADInplaceOrView.cpp.
MINI_LIBRARY_IMPL(aten, ADInplaceOrView, m) {
  m.impl("view", &mini::viewADInplaceOrView);
}
// [ad_inplace_or_view_registration]
