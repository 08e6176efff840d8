#pragma once
/// \file
/// \brief Exercise 02.5: the split key set with its layout written as data,
///        so that a backend or a functionality is one more line.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mini {
inline namespace ch02 {

/// One functionality of a layout. A per-backend one has a `prefix`: its
/// runtime keys are the prefix and a backend's name ("" for Dense: CPU,
/// CUDA; "Autograd" for AutogradFunctionality: AutogradCPU; "Sparse" for
/// Sparse: SparseCPU). Any other functionality has none and is its own key.
struct LayoutFunctionality {
  std::string name;
  std::optional<std::string> prefix;
};

/// A split key-set layout as data: the backends in bit order (the first is
/// bit 0), the functionalities in priority order, lowest first (the first
/// owns the bit just above the backends'). The chapter's enums are one such
/// layout, PyTorch 1.13's c10/core/DispatchKey.h another. Every name is a
/// key's name as PyTorch spells it. Written by the learner in
/// exercises/key_layout.cpp, everything but the constructor.
class KeyLayout {
 public:
  KeyLayout(std::vector<std::string> backends, std::vector<LayoutFunctionality> functionalities)
      : backends_(std::move(backends)), functionalities_(std::move(functionalities)) {}

  const std::vector<std::string>& backends() const { return backends_; }
  const std::vector<LayoutFunctionality>& functionalities() const { return functionalities_; }

  /// The word of the key set holding the key named `name`: a functionality's
  /// bit; for a per-backend runtime key (AutogradXLA) its functionality's bit
  /// and its backend's bit; nothing for "Undefined". A name the layout does
  /// not know is a std::invalid_argument naming it.
  std::uint64_t bitsOf(std::string_view name) const;

  /// The name of the key a call with the key set `word` runs: its highest
  /// functionality, with its highest backend when that functionality is
  /// per-backend; "Undefined" when no functionality bit is set.
  std::string highestPriorityKey(std::uint64_t word) const;

  /// `word` as the chapter prints a DispatchKeySet: "DispatchKeySet(CPU, XLA,
  /// AutogradCPU, AutogradXLA)"; backend bits that no per-backend
  /// functionality uses first, as "CPUBit"; a per-backend functionality
  /// without a backend by its own name.
  std::string format(std::uint64_t word) const;

  /// The key set a call dispatches on: its tensors' sets, plus the thread's
  /// included keys, minus its excluded keys, with PyTorch's minus.
  std::uint64_t callKeySet(std::uint64_t tensors, std::uint64_t included, std::uint64_t excluded) const;

  /// The slot of runtime key `name` in an operator's table ("Undefined" is
  /// slot 0); a name that is no runtime key here is a std::invalid_argument.
  std::size_t slotOf(std::string_view name) const;

  /// How many slots an operator's table has in this layout.
  std::size_t numRuntimeEntries() const;

 private:
  std::vector<std::string> backends_;
  std::vector<LayoutFunctionality> functionalities_;
};

}  // namespace ch02
}  // namespace mini
