#pragma once
/// \file
/// \brief The ADInplaceOrView kernels: the version counter and view bookkeeping,
///        between the Autograd kernel and the CPU kernel.

#include "mini/tensor.h"

namespace mini {
inline namespace ch05 {

// [ad_inplace_or_view]
/// One more in-place write to the storage of `tensor` (and of all its views).
void bumpVersion(const Tensor& tensor);

/// In-place operators: write, then bump the version, so a tensor saved for
/// backward before the write is detected as stale.
Tensor& addInplaceADInplaceOrView(Tensor& self, const Tensor& other);
Tensor& mulInplaceADInplaceOrView(Tensor& self, const Tensor& other);
/// view: the result shares the storage and is marked as a view.
Tensor viewADInplaceOrView(const Tensor& self, const Sizes& sizes);
// [ad_inplace_or_view]

}  // namespace ch05
}  // namespace mini
