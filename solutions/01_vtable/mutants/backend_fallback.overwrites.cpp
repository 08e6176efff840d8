// Mutant: a second fallback for a key replaces the first, without a word
// Must fail: Exercise01_4.ASecondFallbackForAKeyIsRefused
// Exercise 01.4: a fallback for every operator on a key.
// The lesson: chapters/01_vtable/README.md#exercise-14
// Declared in: mini/backend_fallback.h
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/backend_fallback.h"
#include "mini/exercise.h"

namespace mini {
inline namespace ch01 {

void FallbackRegistry::registerFallback(DispatchKey key, FallbackKernel fallback, SourceSite site) {
  fallbacks_[slot(key)] = fallback;
  sites_[slot(key)] = site;
}

Number FallbackOperator::call(const Number& a, const Number& b) const {
  return redispatch(computeDispatchKey(a, b), a, b);
}

// The operator's own kernel first: a fallback is for the keys an operator
// has nothing to say about, and one kernel written for this operator knows
// better than one written for all of them.
Number FallbackOperator::redispatch(DispatchKey key, const Number& a, const Number& b) const {
  if (table_.registrationSite(key)) {
    return table_.call(key, a, b);
  }
  if (FallbackKernel fallback = fallbacks_.fallback(key)) {
    return fallback(*this, a, b);
  }
  // A key the fallback fills is a key the operator runs on, so the list
  // names it too, and says which of the two fills it.
  std::vector<DispatchKey> available;
  std::string filledBy;
  for (std::size_t k = 0; k < kNumDispatchKeys; ++k) {
    const auto candidate = static_cast<DispatchKey>(k);
    if (const auto site = table_.registrationSite(candidate)) {
      filledBy += fmt::format("\n{}: registered at {}", candidate, *site);
    } else if (const auto fallbackSite = fallbacks_.registrationSite(candidate)) {
      filledBy += fmt::format("\n{}: backend fallback registered at {}", candidate, *fallbackSite);
    } else {
      continue;
    }
    available.push_back(candidate);
  }
  throw std::runtime_error(
      fmt::format("Could not run '{}' with arguments from the '{}' backend. '{}' is only available for these "
                  "backends: [{}].{}",
                  name(), key, name(), fmt::join(available, ", "), filledBy));
}

// Polar's fallback asks the operator for its Rectangular kernel by key, not
// by computeDispatchKey of the converted arguments: the same answer here,
// and the one that cannot come back to this fallback.
Number polarThroughRectangular(const FallbackOperator& op, const Number& a, const Number& b) {
  return toPolar(op.redispatch(DispatchKey::Rectangular, toRectangular(a), toRectangular(b)));
}

}  // namespace ch01
}  // namespace mini
