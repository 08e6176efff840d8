// Mutant: lists the available pairs column by column in the error (the two loops the other way round)
// Must fail: Exercise01_2.AvailablePairsAreListedRowByRow
// Exercise 01.2: a table for every pair of keys.
// The lesson: chapters/01_vtable/README.md#exercise-12
// Declared in: mini/pair_table.h
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/exercise.h"
#include "mini/pair_table.h"

namespace mini {
inline namespace ch01 {

void PairTable::registerKernel(DispatchKey a, DispatchKey b, Kernel kernel, SourceSite site) {
  std::optional<SourceSite>& taken = sites_[cell(a)][cell(b)];
  if (taken) {
    throw std::logic_error(
        fmt::format("Tried to register a kernel for '{}' on keys ({}, {}) twice. Each pair takes a single kernel. "
                    "Duplicate registration: registered at {}. Original registration: registered at {}",
                    name_, a, b, site, *taken));
  }
  taken = site;
  kernels_[cell(a)][cell(b)] = kernel;
}

// No priority decides for a pair that has no kernel, and no conversion
// brings it to one that has: what is not written is not there.
Number PairTable::call(const Number& x, const Number& y) const {
  if (Kernel kernel = kernels_[cell(x.key)][cell(y.key)]) {
    return kernel(x, y);
  }
  std::vector<std::string> pairs;
  for (std::size_t b = 0; b < kNumDispatchKeys; ++b) {
    for (std::size_t a = 0; a < kNumDispatchKeys; ++a) {
      if (kernels_[a][b] != nullptr) {
        pairs.push_back(fmt::format("({}, {})", static_cast<DispatchKey>(a), static_cast<DispatchKey>(b)));
      }
    }
  }
  throw std::runtime_error(
      fmt::format("Could not run '{}' with arguments from the ({}, {}) backends. '{}' is only available for these "
                  "pairs: [{}].",
                  name_, x.key, y.key, name_, fmt::join(pairs, ", ")));
}

}  // namespace ch01
}  // namespace mini
