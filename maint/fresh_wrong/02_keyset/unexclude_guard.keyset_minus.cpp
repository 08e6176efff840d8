// Mistake: I took the keys out with the key set's own minus (excluded - keys), which keeps backend bits

// Exercise 02.3: UnexcludeDispatchKeyGuard, the RAII guard that takes keys
// out of this thread's excluded set for a scope.
#include "mini/local_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

UnexcludeDispatchKeyGuard::UnexcludeDispatchKeyGuard(DispatchKeySet keys) {
  LocalDispatchKeySet state = localDispatchKeySet();
  removed_ = DispatchKeySet(DispatchKeySet::RAW, state.excluded.raw() & keys.raw());
  state.excluded = state.excluded - removed_;
  setLocalDispatchKeySet(state);
}

UnexcludeDispatchKeyGuard::~UnexcludeDispatchKeyGuard() {
  LocalDispatchKeySet state = localDispatchKeySet();
  state.excluded = state.excluded | removed_;
  setLocalDispatchKeySet(state);
}

}  // namespace ch02
}  // namespace mini
