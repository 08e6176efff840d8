#include "mini/local_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

namespace {
// One per thread, initialised to the defaults when the thread first uses it:
// a second thread never sees the first one's guards.
thread_local LocalDispatchKeySet tlsLocalDispatchKeySet = kDefaultLocalDispatchKeySet;
}  // namespace

LocalDispatchKeySet localDispatchKeySet() { return tlsLocalDispatchKeySet; }

void setLocalDispatchKeySet(LocalDispatchKeySet state) { tlsLocalDispatchKeySet = state; }

DispatchKeySet addMissingBits(DispatchKeySet& target, DispatchKeySet keys) {
  const DispatchKeySet missing(DispatchKeySet::RAW, keys.raw() & ~target.raw());
  target = target | missing;
  return missing;
}

void clearBits(DispatchKeySet& target, DispatchKeySet bits) {
  target = DispatchKeySet(DispatchKeySet::RAW, target.raw() & ~bits.raw());
}

// Only the missing bits are added, so an enclosing guard that included the
// same key keeps it after this one ends.
IncludeDispatchKeyGuard::IncludeDispatchKeyGuard(DispatchKeySet keys) {
  LocalDispatchKeySet state = localDispatchKeySet();
  added_ = addMissingBits(state.included, keys);
  setLocalDispatchKeySet(state);
}

IncludeDispatchKeyGuard::~IncludeDispatchKeyGuard() {
  LocalDispatchKeySet state = localDispatchKeySet();
  clearBits(state.included, added_);
  setLocalDispatchKeySet(state);
}

// [exclude_guard]
ExcludeDispatchKeyGuard::ExcludeDispatchKeyGuard(DispatchKeySet keys) {
  LocalDispatchKeySet state = localDispatchKeySet();
  added_ = addMissingBits(state.excluded, keys);
  setLocalDispatchKeySet(state);
}

ExcludeDispatchKeyGuard::~ExcludeDispatchKeyGuard() {
  LocalDispatchKeySet state = localDispatchKeySet();
  clearBits(state.excluded, added_);
  setLocalDispatchKeySet(state);
}
// [exclude_guard]

}  // namespace ch02
}  // namespace mini
