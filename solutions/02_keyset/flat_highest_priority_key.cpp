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
  return kFlatKeyOrder[63 - std::countl_zero(repr_)];
}

}  // namespace ch02
}  // namespace mini
