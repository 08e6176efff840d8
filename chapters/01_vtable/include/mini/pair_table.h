#pragma once
/// \file
/// \brief Exercise 01.2: dispatch on the keys of both arguments at once, the
///        road PyTorch did not take.

#include <array>
#include <optional>
#include <string>

#include "mini/number.h"
#include "mini/source_site.h"

namespace mini {
inline namespace ch01 {

/// A table with a cell for every ordered pair of keys ("multiple dispatch",
/// as Julia does it): `call(x, y)` runs the kernel of the cell (x.key,
/// y.key), with no priority and no conversion. (Real, Polar) and (Polar,
/// Real) are two cells. Written by the learner in exercises/pair_table.cpp.
class PairTable {
 public:
  using Kernel = Number (*)(const Number&, const Number&);

  explicit PairTable(std::string name) : name_(std::move(name)) {}

  const std::string& name() const { return name_; }

  /// Puts `kernel` in the cell (a, b). A second kernel for a cell is refused
  /// with std::logic_error, as OperatorTable refuses one for a key.
  void registerKernel(DispatchKey a, DispatchKey b, Kernel kernel, SourceSite site = SourceSite::here());

  /// Runs the kernel of the cell (x.key, y.key); an empty cell is a
  /// std::runtime_error naming both keys and the pairs that have a kernel.
  Number call(const Number& x, const Number& y) const;

 private:
  /// A key's row or column.
  static constexpr std::size_t cell(DispatchKey key) { return static_cast<std::size_t>(key); }

  std::string name_;
  std::array<std::array<Kernel, kNumDispatchKeys>, kNumDispatchKeys> kernels_{};
  std::array<std::array<std::optional<SourceSite>, kNumDispatchKeys>, kNumDispatchKeys> sites_{};
};

}  // namespace ch01
}  // namespace mini
