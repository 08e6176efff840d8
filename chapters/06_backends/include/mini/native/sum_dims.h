#pragma once
/// \file
/// \brief sum over several dimensions, from any backend's one-dimension sum.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "mini/core/shape.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// The dimensions of sum.dim_IntList, wrapped, without repeats, highest
/// first: dropping one (keepdim false) leaves the numbers of the rest.
inline std::vector<std::int64_t> sumDimsInOrder(const std::vector<std::int64_t>& dims, std::int64_t rank) {
  std::vector<std::int64_t> wrapped;
  for (std::int64_t dim : dims) {
    wrapped.push_back(wrapDim(dim, rank));
  }
  std::sort(wrapped.begin(), wrapped.end(), std::greater<>());
  wrapped.erase(std::unique(wrapped.begin(), wrapped.end()), wrapped.end());
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
