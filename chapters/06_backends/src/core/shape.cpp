#include "mini/core/shape.h"
#include "mini/util/operator_error.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace mini {
inline namespace ch06 {

std::int64_t numelOf(const Sizes& sizes) {
  std::int64_t count = 1;
  for (std::int64_t size : sizes) {
    // A product past int64 is undefined behaviour, and would wrap to a
    // small count: c10's safe_multiplies_int refuses it, in these words.
    if (__builtin_mul_overflow(count, size, &count)) {
      throw std::invalid_argument("numel: integer multiplication overflow");
    }
  }
  return count;
}

Strides contiguousStrides(const Sizes& sizes) {
  Strides strides(sizes.size());
  std::int64_t step = 1;
  for (std::size_t d = sizes.size(); d-- > 0;) {
    strides[d] = step;
    step *= std::max<std::int64_t>(sizes[d], 1);
  }
  return strides;
}

bool isContiguous(const Sizes& sizes, const Strides& strides) {
  std::int64_t expected = 1;
  for (std::size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] == 1) {
      continue;
    }
    if (sizes[d] == 0) {
      return true;
    }
    if (strides[d] != expected) {
      return false;
    }
    expected *= sizes[d];
  }
  return true;
}

Sizes broadcastShapes(const Sizes& a, const Sizes& b, std::string_view op) {
  const std::size_t rank = std::max(a.size(), b.size());
  Sizes result(rank);
  for (std::size_t i = 0; i < rank; ++i) {
    // Counting from the right: dimension i of the result is a's (rank-1-i)-th
    // from its own end, or 1 if a has fewer dimensions.
    const std::int64_t sizeA = i < a.size() ? a[a.size() - 1 - i] : 1;
    const std::int64_t sizeB = i < b.size() ? b[b.size() - 1 - i] : 1;
    if (sizeA != sizeB && sizeA != 1 && sizeB != 1) {
      throw OperatorInvalidArgument(
          op,
          fmt::format("The size of tensor a ({}) must match the size of tensor b ({}) at non-singleton dimension {}",
                      sizeA, sizeB, rank - 1 - i));
    }
    result[rank - 1 - i] = sizeA == 1 ? sizeB : sizeA;
  }
  return result;
}

void checkBroadcastsInto(const Sizes& destination, const Sizes& source, std::string_view op) {
  const Sizes broadcast = broadcastShapes(destination, source, op);
  if (broadcast != destination) {
    throw OperatorInvalidArgument(op, fmt::format("output with shape [{}] doesn't match the broadcast shape [{}]",
                                                  fmt::join(destination, ", "), fmt::join(broadcast, ", ")));
  }
}

Strides expandedStrides(const Sizes& sizes, const Strides& strides, const Sizes& target) {
  Strides result(target.size(), 0);
  const std::size_t lead = target.size() - sizes.size();
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    result[lead + d] = sizes[d] == target[lead + d] ? strides[d] : 0;
  }
  return result;
}

std::int64_t wrapDim(std::int64_t dim, std::int64_t rank) {
  const std::int64_t low = rank == 0 ? -1 : -rank;
  const std::int64_t high = rank == 0 ? 0 : rank - 1;
  if (dim < low || dim > high) {
    throw std::out_of_range(
        fmt::format("Dimension out of range (expected to be in range of [{}, {}], but got {})", low, high, dim));
  }
  return dim < 0 ? dim + std::max<std::int64_t>(rank, 1) : dim;
}

}  // namespace ch06
}  // namespace mini
