#pragma once
/// \file
/// \brief sum over several dimensions, from any backend's one-dimension sum.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "mini/shape.h"
#include "mini/tensor.h"

namespace mini {
inline namespace ch06 {

// [sum_along_dims]
/// sum.dim_IntList on a backend whose kernel sums one dimension at a time:
/// the highest dimension first, so that dropping it (keepdim false) leaves
/// the numbers of the others unchanged.
template <class SumOneDim>
Tensor sumAlongDims(const Tensor& self, const std::vector<std::int64_t>& dims, bool keepdim, SumOneDim sumOneDim) {
  std::vector<std::int64_t> wrapped;
  for (std::int64_t dim : dims) {
    wrapped.push_back(wrapDim(dim, self.dim()));
  }
  std::sort(wrapped.begin(), wrapped.end(), std::greater<>());
  wrapped.erase(std::unique(wrapped.begin(), wrapped.end()), wrapped.end());
  Tensor result = self;
  for (std::int64_t dim : wrapped) {
    result = sumOneDim(result, dim, keepdim);
  }
  return result;
}
// [sum_along_dims]

}  // namespace ch06
}  // namespace mini
