#include "mini/local_dispatch_key_set.h"

namespace mini {
inline namespace ch06 {

namespace {
// One per thread, initialised to the defaults when the thread first uses it:
// a second thread never sees the first one's guards.
thread_local LocalDispatchKeySet tlsLocalDispatchKeySet = kDefaultLocalDispatchKeySet;
}  // namespace

LocalDispatchKeySet localDispatchKeySet() { return tlsLocalDispatchKeySet; }

void setLocalDispatchKeySet(LocalDispatchKeySet state) { tlsLocalDispatchKeySet = state; }

// [include_guard]
// Only the missing bits are added, so an enclosing guard that included the
// same key keeps it after this one ends. Raw bits, because operator- would
// leave backend bits behind.
IncludeDispatchKeyGuard::IncludeDispatchKeyGuard(DispatchKeySet keys) {
  LocalDispatchKeySet state = localDispatchKeySet();
  added_ = DispatchKeySet(DispatchKeySet::RAW, keys.raw() & ~state.included.raw());
  state.included = state.included | added_;
  setLocalDispatchKeySet(state);
}

IncludeDispatchKeyGuard::~IncludeDispatchKeyGuard() {
  LocalDispatchKeySet state = localDispatchKeySet();
  state.included = DispatchKeySet(DispatchKeySet::RAW, state.included.raw() & ~added_.raw());
  setLocalDispatchKeySet(state);
}
// [include_guard]

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

}  // namespace ch06
}  // namespace mini
