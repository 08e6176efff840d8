// 1.13's aten/src/ATen/MemoryOverlap.cpp, on the course's TensorImpl: the
// same three answers and the same messages.
#include "mini/aten/memory_overlap.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

#include "mini/core/scalar_type.h"

namespace mini {
inline namespace ch06 {

bool isNonOverlappingAndDense(const Tensor& tensor) {
  const Sizes& sizes = tensor.sizes();
  const Strides& strides = tensor.strides();
  if (sizes.size() == 1) {
    return sizes[0] < 2 || strides[0] == 1;
  }
  // The dimensions by increasing stride, those of size 0 or 1 last (they
  // address nothing new); then each stride must be the product of the sizes
  // below it, as in a contiguous tensor of the permuted shape.
  std::vector<std::size_t> perm(sizes.size());
  std::iota(perm.begin(), perm.end(), std::size_t{0});
  std::sort(perm.begin(), perm.end(), [&](std::size_t a, std::size_t b) {
    if (sizes[a] < 2) {
      return false;
    }
    if (sizes[b] < 2) {
      return true;
    }
    return strides[a] < strides[b];
  });
  std::int64_t requiredStride = 1;
  for (std::size_t d : perm) {
    if (sizes[d] < 2) {
      return true;
    }
    if (strides[d] != requiredStride) {
      return false;
    }
    requiredStride *= sizes[d];
  }
  return true;
}

MemOverlap hasInternalOverlap(const Tensor& tensor) {
  if (isNonOverlappingAndDense(tensor)) {
    return MemOverlap::No;
  }
  const Sizes& sizes = tensor.sizes();
  const Strides& strides = tensor.strides();
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (strides[d] == 0 && sizes[d] > 1) {
      return MemOverlap::Yes;
    }
  }
  return MemOverlap::TooHard;
}

void assertNoInternalOverlap(const Tensor& tensor) {
  if (hasInternalOverlap(tensor) == MemOverlap::Yes) {
    throw std::runtime_error(
        "unsupported operation: more than one element of the written-to tensor refers to a single memory location. "
        "Please clone() the tensor before performing the operation.");
  }
}

// [get_overlap_status]
MemOverlapStatus getOverlapStatus(const Tensor& a, const Tensor& b) {
  if (a.is_same(b)) {
    return MemOverlapStatus::Full;
  }
  if (a.numel() == 0 || b.numel() == 0) {
    return MemOverlapStatus::No;
  }
  if (!isNonOverlappingAndDense(a) || !isNonOverlappingAndDense(b)) {
    return MemOverlapStatus::TooHard;
  }
  if (a.unsafeGetTensorImpl()->storage != b.unsafeGetTensorImpl()->storage) {
    return MemOverlapStatus::No;
  }
  // Byte ranges within the one storage: 1.13 compares data pointers, which
  // a Meta tensor, with no data, does not have.
  const auto range = [](const Tensor& t) {
    const auto item = static_cast<std::int64_t>(itemSize(t.dtype()));
    const std::int64_t begin = t.storageOffset() * item;
    return std::pair{begin, begin + t.numel() * item};
  };
  const auto [aBegin, aEnd] = range(a);
  const auto [bBegin, bEnd] = range(b);
  if (aBegin == bBegin && aEnd == bEnd) {
    // The same bytes: the same elements only if walked the same way (a
    // tensor and its transpose, or its view(1, n), are partial overlaps).
    return a.strides() == b.strides() ? MemOverlapStatus::Full : MemOverlapStatus::Partial;
  }
  if (aBegin < bEnd && bBegin < aEnd) {
    return MemOverlapStatus::Partial;
  }
  return MemOverlapStatus::No;
}
// [get_overlap_status]

void assertNoPartialOverlap(const Tensor& a, const Tensor& b) {
  if (getOverlapStatus(a, b) == MemOverlapStatus::Partial) {
    throw std::runtime_error(
        "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory "
        "location. Please clone() the tensor before performing the operation.");
  }
}

bool isSameData(const Tensor& self, const Tensor& src) {
  return self.is_same(src) || (self.unsafeGetTensorImpl()->storage == src.unsafeGetTensorImpl()->storage &&
                               self.storageOffset() == src.storageOffset() && self.strides() == src.strides() &&
                               self.sizes() == src.sizes() && self.dtype() == src.dtype());
}

}  // namespace ch06
}  // namespace mini
