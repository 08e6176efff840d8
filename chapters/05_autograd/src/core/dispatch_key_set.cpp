#include "mini/core/dispatch_key_set.h"

#include <stdexcept>

namespace mini {
inline namespace ch05 {

namespace {

// The backends whose bits are set, CPU first.
std::vector<BackendComponent> backendsIn(DispatchKeySet set) {
  std::vector<BackendComponent> result;
  for (int b = 1; b <= static_cast<int>(kNumBackends); ++b) {
    if (set.hasBackend(static_cast<BackendComponent>(b))) {
      result.push_back(static_cast<BackendComponent>(b));
    }
  }
  return result;
}

}  // namespace

std::size_t getDispatchTableIndexForDispatchKey(DispatchKey key) {
  if (!isRuntimeDispatchKey(key)) {
    throw std::invalid_argument(
        fmt::format("DispatchKey {} is not a runtime key and has no slot in an operator's table", key));
  }
  return DispatchKeySet(key).getDispatchTableIndexForDispatchKeySet();
}

// Blocks are laid out in functionality order, so the block holding `slot` is
// the last one whose offset is not past it.
DispatchKey runtimeKeyForSlot(std::size_t slot) {
  if (slot >= kNumRuntimeEntries) {
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

std::vector<DispatchKey> DispatchKeySet::keys() const {
  const std::vector<BackendComponent> backends = backendsIn(*this);
  std::vector<DispatchKey> result;
  for (int k = 1; k < static_cast<int>(DispatchKey::EndOfFunctionalityKeys); ++k) {
    const auto functionality = static_cast<DispatchKey>(k);
    if (!has(functionality)) {
      continue;
    }
    if (!isPerBackendFunctionalityKey(functionality) || backends.empty()) {
      result.push_back(functionality);
      continue;
    }
    for (BackendComponent backend : backends) {
      result.push_back(toRuntimePerBackendFunctionalityKey(functionality, backend));
    }
  }
  return result;
}

std::vector<BackendComponent> DispatchKeySet::strayBackends() const {
  for (int k = 1; k < static_cast<int>(DispatchKey::EndOfFunctionalityKeys); ++k) {
    if (isPerBackendFunctionalityKey(static_cast<DispatchKey>(k)) && has(static_cast<DispatchKey>(k))) {
      return {};
    }
  }
  return backendsIn(*this);
}

}  // namespace ch05
}  // namespace mini
