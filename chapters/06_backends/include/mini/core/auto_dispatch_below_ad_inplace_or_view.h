#pragma once
/// \file
/// \brief The guard an Autograd kernel holds while it calls below autograd,
///        and the key sets it masks a redispatch with.

#include "mini/core/alias_keys.h"
#include "mini/core/local_dispatch_key_set.h"

namespace mini {
inline namespace ch06 {

// [auto_dispatch_below]
/// at::AutoDispatchBelowADInplaceOrView: for its scope, this thread
/// excludes every Autograd key and ADInplaceOrView. A redispatch passes its
/// key set explicitly and does not need it; but whatever the kernel below
/// calls *through the public API* (a composite kernel, a custom function's
/// forward) computes its key set afresh from the tensors, which still carry
/// AutogradCPU. Without the exclusion that call lands on the Autograd kernel
/// again, which calls again, and again: the recursion the dispatcher's depth
/// check reports (mini/dispatch/dispatch_depth.h).
class AutoDispatchBelowADInplaceOrView {
 public:
  AutoDispatchBelowADInplaceOrView() : belowAutograd_(kAutogradDispatchKeySetWithADInplaceOrView) {}

 private:
  ExcludeDispatchKeyGuard belowAutograd_;
};

/// Every key below ADInplaceOrView: what an ADInplaceOrView kernel keeps of
/// its key set when it redispatches (PyTorch's after_ADInplaceOrView_keyset).
/// An Autograd kernel keeps kAfterAutogradKeySet, which still has
/// ADInplaceOrView: in-place operators and views stop there on the way down.
inline constexpr DispatchKeySet kAfterADInplaceOrViewKeySet(
    DispatchKeySet::RAW, (std::uint64_t{1} << (kNumBackends + static_cast<int>(DispatchKey::ADInplaceOrView) - 1)) - 1);
// [auto_dispatch_below]

}  // namespace ch06
}  // namespace mini
