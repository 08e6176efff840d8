// Mistake: My range check let the slot equal to the table size through (> instead of >=)

// Exercise 02.4: which runtime key lives in a slot of an operator's table.
#include <stdexcept>

#include <fmt/format.h>

#include "mini/dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

DispatchKey runtimeKeyForSlot(std::size_t slot) {
  if (slot > kNumRuntimeEntries) {
    throw std::out_of_range(
        fmt::format("Slot {} is past the end of an operator's table ({} slots)", slot, kNumRuntimeEntries));
  }
  for (int k = 0; k < static_cast<int>(DispatchKey::EndOfFunctionalityKeys); ++k) {
    const auto functionality = static_cast<DispatchKey>(k);
    const std::size_t offset = functionalityOffset(functionality);
    const bool perBackend = isPerBackendFunctionalityKey(functionality);
    const std::size_t size = perBackend ? kNumBackends : 1;
    if (slot < offset + size) {
      if (perBackend) {
        return toRuntimePerBackendFunctionalityKey(functionality, static_cast<BackendComponent>(slot - offset + 1));
      }
      return functionality;
    }
  }
  return DispatchKey::Undefined;
}

}  // namespace ch02
}  // namespace mini
