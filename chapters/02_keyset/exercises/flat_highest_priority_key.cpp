// Exercise 02.1: the highest-priority key of a flat key set.
// The lesson: chapters/02_keyset/part1_keys_and_key_sets.md#exercise-21
// Declared in: mini/flat_dispatch_key_set.h
#include "mini/exercise.h"
#include "mini/flat_dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

// TODO(02.1): return the key of the highest set bit of repr_, or Undefined
// when no bit is set. A bit's key is kFlatKeyOrder[bit]. Use std::countl_zero
// from <bit>: no loop over the bits.
DispatchKey FlatDispatchKeySet::highestPriorityKey() const { throw ExerciseNotDone("02.1"); }

}  // namespace ch02
}  // namespace mini
