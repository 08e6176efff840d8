#include "mini/local_dispatch_key_set.h"

namespace mini::inline ch02 {

namespace {
// One per thread, initialised to the defaults when the thread first uses it:
// a second thread never sees the first one's guards.
thread_local LocalDispatchKeySet tlsLocalDispatchKeySet = kDefaultLocalDispatchKeySet;
}  // namespace

LocalDispatchKeySet localDispatchKeySet() { return tlsLocalDispatchKeySet; }

void setLocalDispatchKeySet(LocalDispatchKeySet state) { tlsLocalDispatchKeySet = state; }

// [exclude_guard]
// Raw bits, not operator-: the guard must undo exactly what it did, and
// operator- never clears backend bits.
ExcludeDispatchKeyGuard::ExcludeDispatchKeyGuard(DispatchKeySet keys) {
  LocalDispatchKeySet state = localDispatchKeySet();
  added_ = DispatchKeySet(DispatchKeySet::RAW, keys.raw() & ~state.excluded.raw());
  state.excluded = state.excluded | added_;
  setLocalDispatchKeySet(state);
}

ExcludeDispatchKeyGuard::~ExcludeDispatchKeyGuard() {
  LocalDispatchKeySet state = localDispatchKeySet();
  state.excluded = DispatchKeySet(DispatchKeySet::RAW, state.excluded.raw() & ~added_.raw());
  setLocalDispatchKeySet(state);
}
// [exclude_guard]

}  // namespace mini::inline ch02
