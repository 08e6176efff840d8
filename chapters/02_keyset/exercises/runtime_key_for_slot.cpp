// Exercise 02.4: which runtime key lives in a slot of an operator's table.
// The lesson: chapters/02_keyset/part2_call_key_set.md#exercise-24
// Declared in: mini/dispatch_key_set.h
#include "mini/dispatch_key_set.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

// TODO(02.4): the inverse of getDispatchTableIndexForDispatchKey. Walk the
// functionalities from Undefined up; each takes functionalityOffset()'s
// block (kNumBackends slots if per-backend, else 1). Find the block that
// holds `slot`, and for a per-backend block add the backend. Slot 0 is
// Undefined; a slot past the table throws std::out_of_range with
// "Slot 16 is past the end of an operator's table (16 slots)" (the slot, then
// kNumRuntimeEntries).
DispatchKey runtimeKeyForSlot(std::size_t slot) {
  (void)slot;
  throw ExerciseNotDone("02.4");
}

}  // namespace ch02
}  // namespace mini
