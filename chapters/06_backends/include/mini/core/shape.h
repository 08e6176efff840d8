#pragma once
/// \file
/// \brief Sizes and strides: the row-major layout, contiguity, broadcasting.

#include <cstdint>
#include <string_view>
#include <vector>

namespace mini {
inline namespace ch06 {

/// Sizes of a tensor, outermost first; {} for a zero-dimensional one.
using Sizes = std::vector<std::int64_t>;
/// How many *elements* (not bytes) to step in storage to move one index
/// along each dimension.
using Strides = std::vector<std::int64_t>;

/// The number of elements of a tensor with these sizes.
std::int64_t numelOf(const Sizes& sizes);

// [contiguous_strides]
/// Row-major strides: the last dimension steps by 1, each one before it by
/// the product of the sizes after it. [2, 3] -> [3, 1].
Strides contiguousStrides(const Sizes& sizes);

/// True when walking the elements in index order visits storage in order
/// with no gaps. Dimensions of size 1 may have any stride (as in PyTorch's
/// is_contiguous); a transposed view is not contiguous.
bool isContiguous(const Sizes& sizes, const Strides& strides);
// [contiguous_strides]

/// The shape of `a op b` under NumPy's rule: align from the right; two sizes
/// are compatible when equal or when one is 1. Throws PyTorch's message
/// ("The size of tensor a (3) must match the size of tensor b (4) at
/// non-singleton dimension 1"), prefixed with `op`.
Sizes broadcastShapes(const Sizes& a, const Sizes& b, std::string_view op);

/// Checks that `source` broadcasts to `destination`'s shape as it is, for an
/// in-place write or copy_ into `destination`: a broadcast shape that grows
/// would be read through strides the source does not have. Throws PyTorch's
/// "output with shape [4] doesn't match the broadcast shape [0, 0, 4]",
/// prefixed with `op`.
void checkBroadcastsInto(const Sizes& destination, const Sizes& source, std::string_view op);

/// Strides that read a tensor of (sizes, strides) as if it had `target`
/// sizes: a broadcast dimension gets stride 0, so the same element is read
/// again and nothing is copied. `target` must be a broadcast of `sizes`.
Strides expandedStrides(const Sizes& sizes, const Strides& strides, const Sizes& target);

/// Checks `dim` against a tensor of `rank` dimensions, wraps a negative one
/// (-1 is the last) and returns it; throws PyTorch's IndexError text otherwise.
std::int64_t wrapDim(std::int64_t dim, std::int64_t rank);

}  // namespace ch06
}  // namespace mini
