#pragma once
/// \file
/// \brief Exercise 01.4: one kernel for every operator on a key, PyTorch's
///        backend fallback, next to the chapter's tables.

#include <array>
#include <optional>

#include "mini/number.h"
#include "mini/operator_table.h"
#include "mini/operators.h"
#include "mini/source_site.h"

namespace mini {
inline namespace ch01 {

class FallbackOperator;

/// A fallback runs for any operator that has no kernel of its own on its
/// key. It is told which operator was called, so it can do its part and then
/// have that operator's kernel for another key do the work (PyTorch passes
/// a boxed fallback the OperatorHandle for the same reason).
using FallbackKernel = Number (*)(const FallbackOperator& op, const Number& a, const Number& b);

/// Fallbacks by key, one per key at most, shared by every operator that
/// consults this registry: PyTorch's Dispatcher::registerFallback. Written
/// by the learner in exercises/backend_fallback.cpp (registerFallback).
class FallbackRegistry {
 public:
  /// Puts `fallback` on `key`. A second fallback for a key is refused with
  /// std::logic_error, naming both sites, in PyTorch's words.
  void registerFallback(DispatchKey key, FallbackKernel fallback, SourceSite site = SourceSite::here());

  /// The fallback on `key`, or nullptr.
  FallbackKernel fallback(DispatchKey key) const { return fallbacks_[slot(key)]; }
  /// Where the fallback on `key` was registered, if there is one.
  std::optional<SourceSite> registrationSite(DispatchKey key) const { return sites_[slot(key)]; }

 private:
  static constexpr std::size_t slot(DispatchKey key) { return static_cast<std::size_t>(key); }

  std::array<FallbackKernel, kNumDispatchKeys> fallbacks_{};
  std::array<std::optional<SourceSite>, kNumDispatchKeys> sites_{};
};

/// A binary operator seen through its own table and a fallback registry: on
/// each key its own kernel if it has one, else the key's fallback. Written
/// by the learner in exercises/backend_fallback.cpp (call, redispatch).
class FallbackOperator {
 public:
  FallbackOperator(const OperatorTable<BinaryKernel>& table, const FallbackRegistry& fallbacks)
      : table_(table), fallbacks_(fallbacks) {}

  /// The operator's name, as its table has it.
  const std::string& name() const { return table_.name(); }

  /// Runs the operator for its arguments: the key is computeDispatchKey's.
  Number call(const Number& a, const Number& b) const;

  /// Runs what the operator runs on `key`: its own kernel, else the key's
  /// fallback. With neither, std::runtime_error: the chapter's "Could not
  /// run" error, whose list of keys counts the fallbacks' keys too, each
  /// line saying which of the two fills the key.
  Number redispatch(DispatchKey key, const Number& a, const Number& b) const;

 private:
  const OperatorTable<BinaryKernel>& table_;
  const FallbackRegistry& fallbacks_;
};

/// A fallback for Polar: brings both arguments to Rectangular, runs the
/// operator's Rectangular kernel, and gives the result back in polar form,
/// so that an operator with a Rectangular kernel works on polar numbers
/// without a Polar kernel of its own.
Number polarThroughRectangular(const FallbackOperator& op, const Number& a, const Number& b);

}  // namespace ch01
}  // namespace mini
