// Exercise 02.2: the keys below a key (PyTorch's DispatchKeySet(FULL_AFTER, key)).
// The lesson: chapters/02_keyset/part2_call_key_set.md#exercise-22
// Declared in: mini/full_after.h
#include "mini/full_after.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

// TODO(02.2): the set of every functionality below `key`'s own (not the
// functionality itself) and every backend bit. One expression over the raw
// bits of the split layout; no loop is needed.
DispatchKeySet fullAfter(DispatchKey key) {
  (void)key;
  throw ExerciseNotDone("02.2");
}

}  // namespace ch02
}  // namespace mini
