#include "mini/dispatch_key_set.h"

#include <bit>
#include <stdexcept>

namespace mini {
inline namespace ch06 {

namespace {

constexpr std::uint64_t kBackendBits = DispatchKeySet::kBackendMask;

// 1 + the index of the highest set bit; 0 for no bit.
int indexOfHighestBit(std::uint64_t bits) { return 64 - std::countl_zero(bits); }

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

// [highest_priority_key]
DispatchKey DispatchKeySet::highestFunctionalityKey() const {
  // Functionality k sits at bit kNumBackends + k - 1, so the highest
  // functionality is (1 + highest bit) - kNumBackends, once the backend bits
  // are shifted away.
  return static_cast<DispatchKey>(indexOfHighestBit(repr_ >> kNumBackends));
}

BackendComponent DispatchKeySet::highestBackendKey() const {
  return static_cast<BackendComponent>(indexOfHighestBit(repr_ & kBackendBits));
}

DispatchKey DispatchKeySet::highestPriorityKey() const {
  const DispatchKey functionality = highestFunctionalityKey();
  const BackendComponent backend = highestBackendKey();
  if (isPerBackendFunctionalityKey(functionality) && backend != BackendComponent::InvalidBit) {
    return toRuntimePerBackendFunctionalityKey(functionality, backend);
  }
  return functionality;
}
// [highest_priority_key]

// [slot_index]
std::size_t DispatchKeySet::getDispatchTableIndexForDispatchKeySet() const {
  const DispatchKey functionality = highestFunctionalityKey();
  const std::size_t offset = functionalityOffset(functionality);
  if (!isPerBackendFunctionalityKey(functionality)) {
    return offset;
  }
  // The backend bit's index (CPU 0, CUDA 1, ...) picks the slot inside the
  // functionality's block of kNumBackends slots.
  const int backendIndex = indexOfHighestBit(repr_ & kBackendBits) - 1;
  return offset + static_cast<std::size_t>(backendIndex < 0 ? 0 : backendIndex);
}
// [slot_index]

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

}  // namespace ch06
}  // namespace mini
