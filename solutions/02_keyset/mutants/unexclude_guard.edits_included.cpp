// Mutant: takes the keys out of the included set instead of the excluded one
// Must fail: Exercise02_3.TakesAnExcludedKeyOutForItsScopeOnly
// Exercise 02.3: UnexcludeDispatchKeyGuard, the RAII guard that takes keys
// out of this thread's excluded set for a scope.
// The lesson: chapters/02_keyset/part2_call_key_set.md#exercise-23
// Declared in: mini/local_dispatch_key_set.h
#include "mini/exercise.h"
#include "mini/local_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

// Only the bits that are excluded now are taken out, raw bits backend bits
// included (operator- would leave the CPU bit of AutogradCPU behind), so the
// end of the guard puts back what it found and nothing more.
UnexcludeDispatchKeyGuard::UnexcludeDispatchKeyGuard(DispatchKeySet keys) {
  LocalDispatchKeySet state = localDispatchKeySet();
  removed_ = state.included & keys;
  clearBits(state.included, removed_);
  setLocalDispatchKeySet(state);
}

// Re-excludes what the constructor took out, whatever other guards did in
// between: theirs are not this guard's to undo.
UnexcludeDispatchKeyGuard::~UnexcludeDispatchKeyGuard() {
  LocalDispatchKeySet state = localDispatchKeySet();
  state.excluded = state.excluded | removed_;
  setLocalDispatchKeySet(state);
}

}  // namespace ch02
}  // namespace mini
