#pragma once
/// \file
/// \brief The key set as PyTorch has laid it out since 1.12: backend bits
///        below, functionality bits above, one 64-bit word.

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/dispatch_key.h"
#include "mini/stream_output.h"

namespace mini {
inline namespace ch02 {

// [split_key_set]
/// A set of dispatch keys in one 64-bit word, split in two:
///
///     bit 63 ...                       kNumBackends | kNumBackends-1 ... 0
///     functionality bits (Dense, ..., Batched)       | backend bits (CPU, CUDA, ...)
///
/// A flat set needs a bit per functionality *per backend* (Autograd x 14
/// backends alone is 14 bits) and 64 ran out. Here a runtime key of a
/// per-backend functionality sets two bits: AutogradCUDA = the
/// AutogradFunctionality bit + the CUDA bit. The price: bits are shared, so
/// {CPU, AutogradCUDA} also contains CUDA and AutogradCPU.
class DispatchKeySet {
 public:
  enum Raw { RAW };
  enum Full { FULL };

  constexpr DispatchKeySet() = default;
  constexpr DispatchKeySet(Raw, std::uint64_t repr) : repr_(repr) {}
  /// Every backend bit and every functionality bit.
  constexpr explicit DispatchKeySet(Full) : repr_((std::uint64_t{1} << (kNumBackends + kNumFunctionalityKeys)) - 1) {}
  constexpr DispatchKeySet(BackendComponent backend)  // NOLINT: a backend is a set
      : repr_(backend == BackendComponent::InvalidBit ? 0 : std::uint64_t{1} << (static_cast<int>(backend) - 1)) {}
  constexpr DispatchKeySet(DispatchKey key) : repr_(bitsOf(key)) {}  // NOLINT: a key is a set
  constexpr DispatchKeySet(std::initializer_list<DispatchKey> keys) {
    for (DispatchKey key : keys) {
      repr_ |= bitsOf(key);
    }
  }

  constexpr std::uint64_t raw() const { return repr_; }
  constexpr bool empty() const { return repr_ == 0; }
  /// True when every bit of `key` is set: {CPU, AutogradCUDA}.has(AutogradCPU).
  constexpr bool has(DispatchKey key) const { return hasAll(DispatchKeySet(key)); }
  constexpr bool hasAll(DispatchKeySet other) const { return (repr_ & other.repr_) == other.repr_; }
  constexpr bool hasBackend(BackendComponent backend) const { return hasAll(DispatchKeySet(backend)); }

  constexpr DispatchKeySet operator|(DispatchKeySet other) const { return {RAW, repr_ | other.repr_}; }
  constexpr DispatchKeySet operator&(DispatchKeySet other) const { return {RAW, repr_ & other.repr_}; }
  /// Removes functionality bits only, never backend bits: taking AutogradCPU
  /// out of {CPU, AutogradCPU} must not take the CPU backend with it. So it
  /// removes the Autograd functionality for *every* backend.
  constexpr DispatchKeySet operator-(DispatchKeySet other) const {
    return {RAW, repr_ & (kBackendMask | ~other.repr_)};
  }
  constexpr bool operator==(const DispatchKeySet&) const = default;

  constexpr DispatchKeySet add(DispatchKey key) const { return *this | DispatchKeySet(key); }
  constexpr DispatchKeySet remove(DispatchKey key) const { return *this - DispatchKeySet(key); }

  /// The functionality of the highest functionality bit (Undefined if none).
  DispatchKey highestFunctionalityKey() const;
  /// The backend of the highest backend bit (InvalidBit if none).
  BackendComponent highestBackendKey() const;
  /// The key a call with this set runs: the highest functionality, combined
  /// with the highest backend when that functionality is per-backend.
  DispatchKey highestPriorityKey() const;

  /// The slot of an operator's table that a call with this set reads.
  std::size_t getDispatchTableIndexForDispatchKeySet() const;

  /// The runtime keys in the set, in slot order (lowest priority first).
  /// Functionality bits without a backend and backend bits without a
  /// per-backend functionality are listed by their own names.
  std::vector<DispatchKey> keys() const;
  /// Backend bits that no per-backend functionality in the set uses.
  std::vector<BackendComponent> strayBackends() const;

  /// The low kNumBackends bits: where the backends live.
  static constexpr std::uint64_t kBackendMask = (std::uint64_t{1} << kNumBackends) - 1;

 private:
  // Functionality k (k >= 1) owns bit kNumBackends + k - 1. A per-backend
  // runtime key sets its functionality bit and its backend bit. The enum's
  // other values get what c10's constructor gives them, case for case, so
  // has() answers as c10's does for them too: Undefined and the alias keys
  // no bits (every set "has" them, the empty one too); a StartOf marker its
  // block's functionality bit alone; EndOfFunctionalityKeys the bit after
  // the last functionality's, which not even FULL sets.
  static constexpr std::uint64_t functionalityBit(DispatchKey functionality) {
    return std::uint64_t{1} << (kNumBackends + static_cast<int>(functionality) - 1);
  }
  static constexpr std::uint64_t bitsOf(DispatchKey key) {
    if (key == DispatchKey::Undefined || isAliasDispatchKey(key)) {
      return 0;
    }
    if (key <= DispatchKey::EndOfFunctionalityKeys) {
      return functionalityBit(key);
    }
    const DispatchKey functionality =
        key <= DispatchKey::EndOfDenseBackends ? DispatchKey::Dense : DispatchKey::AutogradFunctionality;
    return functionalityBit(functionality) | DispatchKeySet(toBackendComponent(key)).repr_;
  }

  std::uint64_t repr_ = 0;
};
// [split_key_set]

// [table_slots]
/// Slots of an operator's table: one per functionality (Undefined included,
/// at slot 0), kNumBackends per per-backend functionality.
constexpr std::size_t functionalityOffset(DispatchKey functionality) {
  std::size_t offset = 0;
  for (int k = 0; k < static_cast<int>(functionality); ++k) {
    offset += isPerBackendFunctionalityKey(static_cast<DispatchKey>(k)) ? kNumBackends : 1;
  }
  return offset;
}

/// 16 here; 106 in PyTorch 1.13 (c10::num_runtime_entries), against 2^64 possible key sets.
inline constexpr std::size_t kNumRuntimeEntries = functionalityOffset(DispatchKey::EndOfFunctionalityKeys);
// [table_slots]

/// The slot of a runtime key (CPU, AutogradCUDA, Tracer, ...).
std::size_t getDispatchTableIndexForDispatchKey(DispatchKey key);

/// The runtime key living in a slot; Undefined for slot 0. Exercise 02.4
/// (exercises/runtime_key_for_slot.cpp).
DispatchKey runtimeKeyForSlot(std::size_t slot);

}  // namespace ch02
}  // namespace mini

/// Prints "DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU)", as PyTorch does.
template <>
struct fmt::formatter<mini::DispatchKeySet> : fmt::formatter<std::string_view> {
  auto format(const mini::DispatchKeySet& set, fmt::format_context& ctx) const {
    const auto stray = set.strayBackends();
    const auto keys = set.keys();
    const char* separator = !stray.empty() && !keys.empty() ? ", " : "";
    return fmt::format_to(ctx.out(), "DispatchKeySet({}{}{})", fmt::join(stray, ", "), separator,
                          fmt::join(keys, ", "));
  }
};
