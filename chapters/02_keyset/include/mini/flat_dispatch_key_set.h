#pragma once
/// \file
/// \brief The key set as the classic explanations draw it: one 64-bit word,
///        one bit per key, a higher bit for a higher priority.

#include <cstdint>
#include <initializer_list>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/dispatch_key.h"
#include "mini/stream_output.h"

namespace mini {
inline namespace ch02 {

// [flat_key_order]
/// The flat model's keys, lowest priority first; a key's bit is its position
/// here. This is the order of PyTorch's single DispatchKey enum before 1.12:
/// every backend key, then the layers above them, with an autograd key of
/// its own for CPU, CUDA and a few more backends (AutogradOther for the
/// rest).
inline constexpr DispatchKey kFlatKeyOrder[] = {
    DispatchKey::CPU,
    DispatchKey::CUDA,
    DispatchKey::Meta,
    DispatchKey::PrivateUse1,
    DispatchKey::BackendSelect,
    DispatchKey::ADInplaceOrView,
    DispatchKey::AutogradOther,
    DispatchKey::AutogradCPU,
    DispatchKey::AutogradCUDA,
    DispatchKey::AutogradMeta,
    DispatchKey::AutogradPrivateUse1,
    DispatchKey::Tracer,
    DispatchKey::AutocastCPU,
    DispatchKey::AutocastCUDA,
    DispatchKey::Batched,
};
// [flat_key_order]

/// The bit of `key` in the flat model. Keys without a bit (Dense, alias keys,
/// Undefined) throw std::invalid_argument.
int flatBitOf(DispatchKey key);

// [flat_key_set]
/// A set of keys as one 64-bit word. Union, intersection and difference are
/// single instructions, and the highest-priority key is the highest set bit:
/// std::countl_zero finds it in one instruction too. This is why dispatch
/// is cheap enough to run on every operator call.
class FlatDispatchKeySet {
 public:
  FlatDispatchKeySet() = default;
  FlatDispatchKeySet(DispatchKey key) : repr_(std::uint64_t{1} << flatBitOf(key)) {}  // NOLINT: a key is a set
  FlatDispatchKeySet(std::initializer_list<DispatchKey> keys) {
    for (DispatchKey key : keys) {
      repr_ |= FlatDispatchKeySet(key).repr_;
    }
  }

  bool has(DispatchKey key) const { return (repr_ & FlatDispatchKeySet(key).repr_) != 0; }
  bool empty() const { return repr_ == 0; }
  std::uint64_t raw() const { return repr_; }

  FlatDispatchKeySet operator|(FlatDispatchKeySet other) const { return fromRaw(repr_ | other.repr_); }
  FlatDispatchKeySet operator&(FlatDispatchKeySet other) const { return fromRaw(repr_ & other.repr_); }
  FlatDispatchKeySet operator-(FlatDispatchKeySet other) const { return fromRaw(repr_ & ~other.repr_); }
  bool operator==(const FlatDispatchKeySet&) const = default;

  /// The key of the highest set bit; Undefined for the empty set.
  /// Exercise 02.1 (exercises/flat_highest_priority_key.cpp).
  DispatchKey highestPriorityKey() const;

  /// The keys in the set, lowest priority first.
  std::vector<DispatchKey> keys() const;

 private:
  static FlatDispatchKeySet fromRaw(std::uint64_t repr) {
    FlatDispatchKeySet set;
    set.repr_ = repr;
    return set;
  }

  std::uint64_t repr_ = 0;
};
// [flat_key_set]

}  // namespace ch02
}  // namespace mini

/// Prints "FlatDispatchKeySet(CPU, AutogradCPU)".
template <>
struct fmt::formatter<mini::FlatDispatchKeySet> : fmt::formatter<std::string_view> {
  auto format(const mini::FlatDispatchKeySet& set, fmt::format_context& ctx) const {
    return fmt::format_to(ctx.out(), "FlatDispatchKeySet({})", fmt::join(set.keys(), ", "));
  }
};
