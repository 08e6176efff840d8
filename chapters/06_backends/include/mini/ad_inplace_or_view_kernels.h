#pragma once
/// \file
/// \brief The ADInplaceOrView kernels: the version counter and view bookkeeping,
///        between the Autograd kernel and the CPU kernel.

#include "mini/dispatch_key_set.h"
#include "mini/tensor.h"

namespace mini {
inline namespace ch06 {

/// One more in-place write to the storage of `tensor` (and of all its views).
void bumpVersion(const Tensor& tensor);

/// In-place and out= operators: write (one redispatch down), then bump the
/// version, so a tensor saved for backward before the write is detected as
/// stale. Every writing operator needs this, with or without requires_grad,
/// which is why it is a key of its own and not part of the Autograd kernel.
/// The generator writes them (RegisterADInplaceOrView.cpp in the build tree).
/// view: the result shares the storage and is marked as a view.
Tensor viewADInplaceOrView(DispatchKeySet dispatchKeySet, const Tensor& self, const Sizes& sizes);

}  // namespace ch06
}  // namespace mini
