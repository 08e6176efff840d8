// Mistake: I listed the available pairs column by column (the loops the other way round)

// Exercise 01.2: a table for every pair of keys.
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mini/pair_table.h"

namespace mini {
inline namespace ch01 {

void PairTable::registerKernel(DispatchKey a, DispatchKey b, Kernel kernel, SourceSite site) {
  if (const auto& original = sites_[cell(a)][cell(b)]) {
    throw std::logic_error(
        fmt::format("Tried to register a kernel for '{}' on keys ({}, {}) twice. Each pair takes a single kernel. "
                    "Duplicate registration: registered at {}. Original registration: registered at {}",
                    name_, a, b, site, *original));
  }
  kernels_[cell(a)][cell(b)] = kernel;
  sites_[cell(a)][cell(b)] = site;
}

Number PairTable::call(const Number& x, const Number& y) const {
  if (Kernel kernel = kernels_[cell(x.key)][cell(y.key)]) {
    return kernel(x, y);
  }
  std::vector<std::string> pairs;
  for (std::size_t row = 0; row < kNumDispatchKeys; ++row) {
    for (std::size_t column = 0; column < kNumDispatchKeys; ++column) {
      if (kernels_[column][row] != nullptr) {
        pairs.push_back(fmt::format("({}, {})", static_cast<DispatchKey>(column), static_cast<DispatchKey>(row)));
      }
    }
  }
  throw std::runtime_error(fmt::format(
      "Could not run '{}' with arguments from the ({}, {}) backends. '{}' is only available for these pairs: [{}].",
      name_, x.key, y.key, name_, fmt::join(pairs, ", ")));
}

}  // namespace ch01
}  // namespace mini
