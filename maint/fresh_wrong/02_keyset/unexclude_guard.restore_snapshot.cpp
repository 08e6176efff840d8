// Mistake: I saved the whole excluded set in removed_ and put it back in the destructor, like a snapshot

// Exercise 02.3: UnexcludeDispatchKeyGuard, the RAII guard that takes keys
// out of this thread's excluded set for a scope.
#include "mini/local_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

UnexcludeDispatchKeyGuard::UnexcludeDispatchKeyGuard(DispatchKeySet keys) {
  LocalDispatchKeySet state = localDispatchKeySet();
  removed_ = state.excluded;
  clearBits(state.excluded, keys);
  setLocalDispatchKeySet(state);
}

UnexcludeDispatchKeyGuard::~UnexcludeDispatchKeyGuard() {
  LocalDispatchKeySet state = localDispatchKeySet();
  state.excluded = removed_;
  setLocalDispatchKeySet(state);
}

}  // namespace ch02
}  // namespace mini
