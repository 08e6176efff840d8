// Mistake: I took the first set bit from the bottom (countr_zero), thinking bit 0 comes first

// Exercise 02.1: the highest-priority key of a flat key set.
#include <bit>

#include "mini/flat_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

DispatchKey FlatDispatchKeySet::highestPriorityKey() const {
  if (repr_ == 0) {
    return DispatchKey::Undefined;
  }
  return kFlatKeyOrder[std::countr_zero(repr_)];
}

}  // namespace ch02
}  // namespace mini
