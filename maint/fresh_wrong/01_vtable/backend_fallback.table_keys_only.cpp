// Mistake: The error lists only the keys the operator's table has, as the chapter's error does, and forgets the
// fallbacks' keys

// Exercise 01.4: a fallback for every operator on a key.
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/backend_fallback.h"

namespace mini {
inline namespace ch01 {

void FallbackRegistry::registerFallback(DispatchKey key, FallbackKernel fallback, SourceSite site) {
  if (const auto& previous = sites_[slot(key)]) {
    throw std::logic_error(
        fmt::format("Tried to register multiple backend fallbacks for the same dispatch key {}; previous registration "
                    "registered at {}, new registration registered at {}",
                    key, *previous, site));
  }
  fallbacks_[slot(key)] = fallback;
  sites_[slot(key)] = site;
}

Number FallbackOperator::call(const Number& a, const Number& b) const {
  return redispatch(computeDispatchKey(a, b), a, b);
}

Number FallbackOperator::redispatch(DispatchKey key, const Number& a, const Number& b) const {
  if (table_.registrationSite(key)) {
    return table_.call(key, a, b);
  }
  if (FallbackKernel fallback = fallbacks_.fallback(key)) {
    return fallback(*this, a, b);
  }
  std::vector<DispatchKey> keys;
  std::string lines;
  for (std::size_t i = 0; i < kNumDispatchKeys; ++i) {
    const auto k = static_cast<DispatchKey>(i);
    if (auto site = table_.registrationSite(k)) {
      keys.push_back(k);
      lines += fmt::format("\n{}: registered at {}", k, *site);
    }
  }
  throw std::runtime_error(fmt::format(
      "Could not run '{}' with arguments from the '{}' backend. '{}' is only available for these backends: [{}].{}",
      name(), key, name(), fmt::join(keys, ", "), lines));
}

Number polarThroughRectangular(const FallbackOperator& op, const Number& a, const Number& b) {
  return toPolar(op.redispatch(DispatchKey::Rectangular, toRectangular(a), toRectangular(b)));
}

}  // namespace ch01
}  // namespace mini
