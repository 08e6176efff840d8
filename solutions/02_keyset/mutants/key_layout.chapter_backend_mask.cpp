// Mutant: keeps the chapter's backend bits (DispatchKeySet::kBackendMask) instead of the layout's own when excluding
// Must fail: Exercise02_5.ExcludingAKeyKeepsEveryBackendOfTheLayout
// Exercise 02.5: a key layout written as data.
// The lesson: chapters/02_keyset/part2_call_key_set.md#exercise-25
// Declared in: mini/key_layout.h
#include <bit>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/dispatch_key_set.h"
#include "mini/exercise.h"
#include "mini/key_layout.h"

namespace mini {
inline namespace ch02 {

namespace {

// Where a key sits in a layout: its functionality's index, and for a
// per-backend runtime key its backend's.
struct Place {
  std::size_t functionality;
  std::optional<std::size_t> backend;
};

// A name is a functionality's own, or a per-backend prefix followed by a
// backend's name. Functionalities are asked in order and by full name
// first, so AutogradOther is never read as Autograd + "Other".
Place locate(const KeyLayout& layout, std::string_view name) {
  const auto& functionalities = layout.functionalities();
  const auto& backends = layout.backends();
  for (std::size_t f = 0; f < functionalities.size(); ++f) {
    if (functionalities[f].name == name) return {f, std::nullopt};
    const std::optional<std::string>& prefix = functionalities[f].prefix;
    if (!prefix || !name.starts_with(*prefix)) continue;
    for (std::size_t b = 0; b < backends.size(); ++b) {
      if (name.substr(prefix->size()) == backends[b]) return {f, b};
    }
  }
  throw std::invalid_argument(fmt::format(
      "Unknown dispatch key name '{}': neither a functionality of this layout nor a per-backend prefix followed by "
      "one of its backends [{}]",
      name, fmt::join(backends, ", ")));
}

// 1 + the index of the highest set bit; 0 for none.
std::size_t highestBit(std::uint64_t bits) { return static_cast<std::size_t>(std::bit_width(bits)); }

}  // namespace

// Backends take the low bits, one each; functionality f the bit above them
// all plus f. The same word as the chapter's, with the widths read from
// the layout instead of the enums.
std::uint64_t KeyLayout::bitsOf(std::string_view name) const {
  if (name == "Undefined") return 0;
  const Place place = locate(*this, name);
  const std::uint64_t functionalityBit = std::uint64_t{1} << (backends_.size() + place.functionality);
  return functionalityBit | (place.backend ? std::uint64_t{1} << *place.backend : 0);
}

std::string KeyLayout::highestPriorityKey(std::uint64_t word) const {
  const std::size_t functionality = highestBit(word >> backends_.size());
  if (functionality == 0) return "Undefined";
  const LayoutFunctionality& highest = functionalities_[functionality - 1];
  const std::size_t backend = highestBit(word & ((std::uint64_t{1} << backends_.size()) - 1));
  if (highest.prefix && backend != 0) return *highest.prefix + backends_[backend - 1];
  return highest.name;
}

std::string KeyLayout::format(std::uint64_t word) const {
  std::vector<std::string> present;
  for (std::size_t b = 0; b < backends_.size(); ++b) {
    if (word & (std::uint64_t{1} << b)) present.push_back(backends_[b]);
  }
  std::vector<std::string> keys;
  bool perBackendPresent = false;
  for (std::size_t f = 0; f < functionalities_.size(); ++f) {
    if (!(word & (std::uint64_t{1} << (backends_.size() + f)))) continue;
    const LayoutFunctionality& functionality = functionalities_[f];
    perBackendPresent = perBackendPresent || functionality.prefix.has_value();
    if (!functionality.prefix || present.empty()) {
      keys.push_back(functionality.name);
      continue;
    }
    for (const std::string& backend : present) keys.push_back(*functionality.prefix + backend);
  }
  // Backend bits no per-backend functionality takes up print by themselves.
  std::vector<std::string> printed;
  if (!perBackendPresent) {
    for (const std::string& backend : present) printed.push_back(backend + "Bit");
  }
  printed.insert(printed.end(), keys.begin(), keys.end());
  return fmt::format("DispatchKeySet({})", fmt::join(printed, ", "));
}

// Excluding a key never excludes a backend: AutogradCPU out of a CPU call
// takes autograd away, and the CPU bit must stay for the kernel below.
std::uint64_t KeyLayout::callKeySet(std::uint64_t tensors, std::uint64_t included, std::uint64_t excluded) const {
  return (tensors | included) & (DispatchKeySet::kBackendMask | ~excluded);
}

// Slot 0 is Undefined's; then each functionality in order, one slot for a
// plain one and a block of one per backend for a per-backend one.
std::size_t KeyLayout::slotOf(std::string_view name) const {
  if (name == "Undefined") return 0;
  const Place place = locate(*this, name);
  const bool perBackend = functionalities_[place.functionality].prefix.has_value();
  if (perBackend && !place.backend) {
    throw std::invalid_argument(
        fmt::format("DispatchKey {} is not a runtime key and has no slot in an operator's table", name));
  }
  std::size_t slot = 1;
  for (std::size_t f = 0; f < place.functionality; ++f) {
    slot += functionalities_[f].prefix ? backends_.size() : 1;
  }
  return slot + place.backend.value_or(0);
}

std::size_t KeyLayout::numRuntimeEntries() const {
  std::size_t entries = 1;
  for (const LayoutFunctionality& functionality : functionalities_) {
    entries += functionality.prefix ? backends_.size() : 1;
  }
  return entries;
}

}  // namespace ch02
}  // namespace mini
