#pragma once
/// \file
/// \brief The ADInplaceOrView kernels: the version counter and view bookkeeping,
///        between the Autograd kernel and the CPU kernel.

#include "mini/core/dispatch_key_set.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

/// One more in-place write to the storage of `tensor` (and of all its views).
void bumpVersion(const Tensor& tensor);

/// In-place operators: write (one redispatch down), then bump the version,
/// so a tensor saved for backward before the write is detected as stale.
/// Every in-place operator needs this, with or without requires_grad, which
/// is why it is a key of its own and not part of the Autograd kernel.
Tensor& addInplaceADInplaceOrView(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other);
Tensor& mulInplaceADInplaceOrView(DispatchKeySet dispatchKeySet, Tensor& self, const Tensor& other);
/// view: the result shares the storage and is marked as a view.
Tensor viewADInplaceOrView(DispatchKeySet dispatchKeySet, const Tensor& self, const Sizes& sizes);

}  // namespace ch05
}  // namespace mini
