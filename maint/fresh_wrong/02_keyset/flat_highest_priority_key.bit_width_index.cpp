// Mistake: I used 64 - countl_zero as the index, which is the bit's number plus one

// Exercise 02.1: the highest-priority key of a flat key set.
#include <bit>

#include "mini/flat_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

DispatchKey FlatDispatchKeySet::highestPriorityKey() const {
  const int index = 64 - std::countl_zero(repr_);
  if (index >= static_cast<int>(std::size(kFlatKeyOrder))) {
    return kFlatKeyOrder[std::size(kFlatKeyOrder) - 1];
  }
  return index == 0 ? DispatchKey::Undefined : kFlatKeyOrder[index];
}

}  // namespace ch02
}  // namespace mini
