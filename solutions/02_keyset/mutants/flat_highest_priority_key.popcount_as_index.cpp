// Mutant: takes the number of keys in the set (popcount) for the highest key's bit
// Must fail: Exercise02_1.HighestBitWins
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
  return kFlatKeyOrder[std::popcount(repr_) - 1];
}

}  // namespace ch02
}  // namespace mini
