// Mistake: I started counting slots at 0 for the first functionality, forgetting Undefined owns slot 0 (and the table
// size too)

// Exercise 02.5: a key layout written as data.
#include <bit>
#include <optional>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/key_layout.h"

namespace mini {
inline namespace ch02 {

namespace {
struct Found {
  std::size_t functionality;
  std::optional<std::size_t> backend;
};

std::optional<Found> find(const KeyLayout& layout, std::string_view name) {
  const auto& fs = layout.functionalities();
  for (std::size_t i = 0; i < fs.size(); ++i) {
    if (fs[i].name == name) {
      return Found{i, std::nullopt};
    }
  }
  for (std::size_t i = 0; i < fs.size(); ++i) {
    if (!fs[i].prefix || !name.starts_with(*fs[i].prefix)) {
      continue;
    }
    const std::string_view rest = name.substr(fs[i].prefix->size());
    for (std::size_t b = 0; b < layout.backends().size(); ++b) {
      if (layout.backends()[b] == rest) {
        return Found{i, b};
      }
    }
  }
  return std::nullopt;
}

Found findOrThrow(const KeyLayout& layout, std::string_view name) {
  if (auto found = find(layout, name)) {
    return *found;
  }
  throw std::invalid_argument(fmt::format("Unknown dispatch key name '{}' in this layout", name));
}

std::uint64_t backendMask(const KeyLayout& layout) { return (std::uint64_t{1} << layout.backends().size()) - 1; }
}  // namespace

std::uint64_t KeyLayout::bitsOf(std::string_view name) const {
  if (name == "Undefined") {
    return 0;
  }
  const Found found = findOrThrow(*this, name);
  std::uint64_t word = std::uint64_t{1} << (backends_.size() + found.functionality);
  if (found.backend) {
    word |= std::uint64_t{1} << *found.backend;
  }
  return word;
}

std::string KeyLayout::highestPriorityKey(std::uint64_t word) const {
  const std::uint64_t functionalityBits = word >> backends_.size();
  if (functionalityBits == 0) {
    return "Undefined";
  }
  const LayoutFunctionality& f = functionalities_[std::bit_width(functionalityBits) - 1];
  const std::uint64_t backendBits = word & backendMask(*this);
  if (f.prefix && backendBits != 0) {
    return *f.prefix + backends_[std::bit_width(backendBits) - 1];
  }
  return f.name;
}

std::string KeyLayout::format(std::uint64_t word) const {
  std::vector<std::string> backends;
  for (std::size_t b = 0; b < backends_.size(); ++b) {
    if (word & (std::uint64_t{1} << b)) {
      backends.push_back(backends_[b]);
    }
  }
  std::vector<std::string> keys;
  bool perBackendPresent = false;
  for (std::size_t i = 0; i < functionalities_.size(); ++i) {
    if (!(word & (std::uint64_t{1} << (backends_.size() + i)))) {
      continue;
    }
    const LayoutFunctionality& f = functionalities_[i];
    if (!f.prefix) {
      keys.push_back(f.name);
      continue;
    }
    perBackendPresent = true;
    if (backends.empty()) {
      keys.push_back(f.name);
    }
    for (const std::string& backend : backends) {
      keys.push_back(*f.prefix + backend);
    }
  }
  std::vector<std::string> all;
  if (!perBackendPresent) {
    for (const std::string& backend : backends) {
      all.push_back(backend + "Bit");
    }
  }
  all.insert(all.end(), keys.begin(), keys.end());
  return fmt::format("DispatchKeySet({})", fmt::join(all, ", "));
}

std::uint64_t KeyLayout::callKeySet(std::uint64_t tensors, std::uint64_t included, std::uint64_t excluded) const {
  return (tensors | included) & (backendMask(*this) | ~excluded);
}

std::size_t KeyLayout::slotOf(std::string_view name) const {
  if (name == "Undefined") {
    return 0;
  }
  const Found found = findOrThrow(*this, name);
  const LayoutFunctionality& f = functionalities_[found.functionality];
  if (f.prefix && !found.backend) {
    throw std::invalid_argument(fmt::format("'{}' is no runtime key: it has no slot in an operator's table", name));
  }
  std::size_t slot = 0;
  for (std::size_t i = 0; i < found.functionality; ++i) {
    slot += functionalities_[i].prefix ? backends_.size() : 1;
  }
  return slot + found.backend.value_or(0);
}

std::size_t KeyLayout::numRuntimeEntries() const {
  std::size_t n = 0;
  for (const LayoutFunctionality& f : functionalities_) {
    n += f.prefix ? backends_.size() : 1;
  }
  return n;
}

}  // namespace ch02
}  // namespace mini
