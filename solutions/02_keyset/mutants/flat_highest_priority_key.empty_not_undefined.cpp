// Mutant: walks the bits down to bit 1 and falls back to the first key, so the empty set gets CPU
// Must fail: Exercise02_1.EmptySetIsUndefined
// Exercise 02.1: the highest-priority key of a flat key set.
// The lesson: chapters/02_keyset/part1_keys_and_key_sets.md#exercise-21
// Declared in: mini/flat_dispatch_key_set.h
#include <bit>

#include "mini/exercise.h"
#include "mini/flat_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

// countl_zero counts the zeros above the highest set bit; 63 minus that is
// the bit's index. One instruction (lzcnt) on current CPUs.
DispatchKey FlatDispatchKeySet::highestPriorityKey() const {
  for (int bit = 63; bit > 0; --bit) {
    if ((repr_ >> bit) & 1) {
      return kFlatKeyOrder[bit];
    }
  }
  return kFlatKeyOrder[0];
}

}  // namespace ch02
}  // namespace mini
