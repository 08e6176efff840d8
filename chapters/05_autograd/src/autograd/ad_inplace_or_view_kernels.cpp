#include "mini/autograd/ad_inplace_or_view_kernels.h"

#include "mini/aten/operators.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"
#include "mini/op_registration/library.h"

namespace mini {
inline namespace ch05 {

void bumpVersion(const Tensor& tensor) { ++tensor.unsafeGetTensorImpl()->storage->version; }

// [add_inplace_or_view]
Tensor& addInplaceADInplaceOrView(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other) {
  {
    AutoDispatchBelowADInplaceOrView guard;
    addInplaceOp().redispatch(dispatchKeySet & kAfterADInplaceOrViewKeySet, self, other);
  }
  bumpVersion(self);
  return self;
}
// [add_inplace_or_view]

Tensor& mulInplaceADInplaceOrView(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other) {
  {
    AutoDispatchBelowADInplaceOrView guard;
    mulInplaceOp().redispatch(dispatchKeySet & kAfterADInplaceOrViewKeySet, self, other);
  }
  bumpVersion(self);
  return self;
}

Tensor viewADInplaceOrView(DispatchKeySet dispatchKeySet, const Tensor& self, const Sizes& sizes) {
  Tensor result;
  {
    AutoDispatchBelowADInplaceOrView guard;
    result = viewOp().redispatch(dispatchKeySet & kAfterADInplaceOrViewKeySet, self, sizes);
  }
  result.unsafeGetTensorImpl()->autograd->isView = true;
  return result;
}

}  // namespace ch05
}  // namespace mini

// [ad_inplace_or_view_registration]
// Only the operators that write or alias: every other operator has the
// global fallthrough on ADInplaceOrView and skips the key without a call.
MINI_LIBRARY_IMPL(aten, ADInplaceOrView, m) {
  m.impl("add_.Tensor", &mini::addInplaceADInplaceOrView);
  m.impl("mul_.Tensor", &mini::mulInplaceADInplaceOrView);
  m.impl("view", &mini::viewADInplaceOrView);
}
// [ad_inplace_or_view_registration]
