// Mutant: walks the bits down from 63 but stops before bit 0, so a set holding only the lowest key reads as empty
// Must fail: Exercise02_1.EverySingleKeyIsItsOwnHighest
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
  if (repr_ == 0) {
    return DispatchKey::Undefined;
  }
  for (int bit = 63; bit > 0; --bit) {
    if ((repr_ >> bit) & 1) {
      return kFlatKeyOrder[bit];
    }
  }
  return DispatchKey::Undefined;
}

}  // namespace ch02
}  // namespace mini
