// Mistake: I remembered every key I was given, so the destructor excludes keys that were never excluded before

// Exercise 02.3: UnexcludeDispatchKeyGuard, the RAII guard that takes keys
// out of this thread's excluded set for a scope.
#include "mini/local_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

UnexcludeDispatchKeyGuard::UnexcludeDispatchKeyGuard(DispatchKeySet keys) {
  LocalDispatchKeySet state = localDispatchKeySet();
  removed_ = keys;
  clearBits(state.excluded, removed_);
  setLocalDispatchKeySet(state);
}

UnexcludeDispatchKeyGuard::~UnexcludeDispatchKeyGuard() {
  LocalDispatchKeySet state = localDispatchKeySet();
  state.excluded = state.excluded | removed_;
  setLocalDispatchKeySet(state);
}

}  // namespace ch02
}  // namespace mini
