#pragma once
/// \file
/// \brief The ADInplaceOrView kernels: the version counter and view bookkeeping,
///        between the Autograd kernel and the CPU kernel.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// One more in-place write to the storage of `tensor` (and of all its views).
void bumpVersion(const Tensor& tensor);

/// The result of a view operator (t, view) shares its input's storage: an
/// in-place write through it then counts for autograd as one into its base,
/// and one into its base changes what it holds. `self`, the operator's
/// input, is (or leads to) the base it records (1.13's as_view).
void markAsView(const Tensor& view, const Tensor& self);

/// In-place and out= operators: write (one redispatch down), then bump the
/// version, so a tensor saved for backward before the write is detected as
/// stale. Every writing operator needs this, with or without requires_grad,
/// which is why it is a key of its own and not part of the Autograd kernel.
/// The generator writes these kernels, for every operator of ops.yaml that
/// writes a tensor or returns a view (RegisterADInplaceOrView.cpp in the
/// build tree); every other operator skips the key (a global fallthrough).

}  // namespace ch06
}  // namespace mini
