#pragma once
/// \file
/// \brief sum over several dimensions, from any backend's one-dimension sum.

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "mini/core/shape.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// The dimensions of sum.dim_IntList, wrapped, highest first: dropping one
/// (keepdim false) leaves the numbers of the rest. As in PyTorch 1.13, an
/// empty list means every dimension (`sum(x, dim=[])` sums everything), and a
/// dimension named twice, even as 0 and -2, is refused (make_dim_mask).
inline std::vector<std::int64_t> sumDimsInOrder(const std::vector<std::int64_t>& dims, std::int64_t rank) {
  std::vector<std::int64_t> wrapped;
  for (std::int64_t dim : dims) {
    const std::int64_t d = wrapDim(dim, rank);
    if (std::find(wrapped.begin(), wrapped.end(), d) != wrapped.end()) {
      throw std::invalid_argument(fmt::format("dim {} appears multiple times in the list of dims", d));
    }
    wrapped.push_back(d);
  }
  if (dims.empty()) {
    for (std::int64_t d = 0; d < rank; ++d) {
      wrapped.push_back(d);
    }
  }
  std::sort(wrapped.begin(), wrapped.end(), std::greater<>());
  return wrapped;
}

/// sum.dim_IntList on a backend whose kernel sums one dimension at a time.
template <class SumOneDim>
Tensor sumAlongDims(const Tensor& self, const std::vector<std::int64_t>& dims, bool keepdim, SumOneDim sumOneDim) {
  Tensor result = self;
  for (std::int64_t dim : sumDimsInOrder(dims, self.dim())) {
    result = sumOneDim(result, dim, keepdim);
  }
  return result;
}

}  // namespace ch06
}  // namespace mini
