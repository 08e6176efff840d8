// Mutant: removes the key itself from the full set and keeps the keys above it
// Must fail: Exercise02_2.LeavesOutEveryKeyAbove
// Exercise 02.2: the keys below a key (PyTorch's DispatchKeySet(FULL_AFTER, key)).
#include "mini/full_after.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

DispatchKeySet fullAfter(DispatchKey key) {
  return DispatchKeySet(DispatchKeySet::FULL) - DispatchKeySet(toFunctionalityKey(key));
}

}  // namespace ch02
}  // namespace mini
