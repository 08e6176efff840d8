// Mutant: adds the keys to a copy of the thread's state and never stores it back
// Must fail: Exercise02_3.IncludesForItsScopeOnly
// Exercise 02.3: IncludeDispatchKeyGuard, the RAII guard that adds keys to
// this thread's included set for a scope.
// The lesson: chapters/02_keyset/README.md#exercise-23
// Declared in: mini/local_dispatch_key_set.h
#include "mini/exercise.h"
#include "mini/local_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

// Only the missing bits are added, so an enclosing guard that included the
// same key keeps it after this one ends.
IncludeDispatchKeyGuard::IncludeDispatchKeyGuard(DispatchKeySet keys) {
  LocalDispatchKeySet state = localDispatchKeySet();
  added_ = addMissingBits(state.included, keys);
}

IncludeDispatchKeyGuard::~IncludeDispatchKeyGuard() {
  LocalDispatchKeySet state = localDispatchKeySet();
  clearBits(state.included, added_);
  setLocalDispatchKeySet(state);
}

}  // namespace ch02
}  // namespace mini
