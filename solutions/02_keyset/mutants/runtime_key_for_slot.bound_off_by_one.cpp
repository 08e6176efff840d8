// Mutant: checks `slot > kNumRuntimeEntries`: slot 16, one past the last, is let through
// Must fail: Exercise02_4.SlotPastTheTableIsRefused
// Exercise 02.4: which runtime key lives in a slot of an operator's table.
// The lesson: chapters/02_keyset/part2_call_key_set.md#exercise-24
// Declared in: mini/dispatch_key_set.h
#include <stdexcept>

#include "mini/dispatch_key_set.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch02 {

// Blocks are laid out in functionality order, so the block holding `slot` is
// the last one whose offset is not past it.
DispatchKey runtimeKeyForSlot(std::size_t slot) {
  if (slot > kNumRuntimeEntries) {
    throw std::out_of_range(
        fmt::format("Slot {} is past the end of an operator's table ({} slots)", slot, kNumRuntimeEntries));
  }
  auto functionality = DispatchKey::Undefined;
  for (int k = 1; k < static_cast<int>(DispatchKey::EndOfFunctionalityKeys); ++k) {
    if (functionalityOffset(static_cast<DispatchKey>(k)) <= slot) {
      functionality = static_cast<DispatchKey>(k);
    }
  }
  if (!isPerBackendFunctionalityKey(functionality)) {
    return functionality;
  }
  const std::size_t backendIndex = slot - functionalityOffset(functionality);
  return toRuntimePerBackendFunctionalityKey(functionality, static_cast<BackendComponent>(backendIndex + 1));
}

}  // namespace ch02
}  // namespace mini
