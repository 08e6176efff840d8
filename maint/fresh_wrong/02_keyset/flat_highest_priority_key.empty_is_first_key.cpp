// Mistake: I clamped the index at 0 instead of checking for an empty set, so an empty set answers CPU

// Exercise 02.1: the highest-priority key of a flat key set.
#include <bit>

#include "mini/flat_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

DispatchKey FlatDispatchKeySet::highestPriorityKey() const {
  const int index = 63 - std::countl_zero(repr_);
  return kFlatKeyOrder[index < 0 ? 0 : index];
}

}  // namespace ch02
}  // namespace mini
