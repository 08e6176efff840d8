// Mutant: one bit too few: the mask stops below the functionality under the key, so the next layer down is skipped
// Must fail: Exercise02_2.StepsACallDownOneLayerAtATime
// Exercise 02.2: the keys below a key (PyTorch's DispatchKeySet(FULL_AFTER, key)).
// The lesson: chapters/02_keyset/part2_call_key_set.md#exercise-22
// Declared in: mini/full_after.h
#include "mini/full_after.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

// Functionality f owns bit kNumBackends + f - 1, so every bit under it is
// every lower functionality and, below those, every backend: backends have
// no order, and the kernel below may run on any of them.
DispatchKeySet fullAfter(DispatchKey key) {
  const auto functionality = static_cast<unsigned>(toFunctionalityKey(key));
  return DispatchKeySet(DispatchKeySet::RAW, (std::uint64_t{1} << (kNumBackends + functionality - 2)) - 1);
}

}  // namespace ch02
}  // namespace mini
