// t, view and slice make no data, only a new TensorImpl on the same storage with
// other sizes and strides. That is the same on every device, so one kernel
// serves them all: CompositeExplicitAutograd fills every backend's slot,
// the out-of-tree backend's included, and Meta's (a view of nothing).
// ops.yaml names them; its generated ADInplaceOrView kernels mark the result
// as a view.
#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>

#include <fmt/ranges.h>

#include "mini/core/shape.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

Tensor tStrided(const Tensor& self) {
  // torch.t is the identity on 0-D and 1-D tensors (a view all the same).
  if (self.dim() > 2) {
    throw std::invalid_argument(fmt::format("t() expects a tensor with <= 2 dimensions, but self is {}D", self.dim()));
  }
  if (self.dim() < 2) {
    return makeView(self, self.sizes(), self.strides(), self.storageOffset());
  }
  // Chapter 05 copied here; with strides the transpose is the same bytes
  // walked the other way round.
  return makeView(self, {self.sizes()[1], self.sizes()[0]}, {self.strides()[1], self.strides()[0]},
                  self.storageOffset());
}

namespace {

// view(x, [-1, 2]): at most one -1, which stands for what the others leave
// (ATen's infer_size).
Sizes inferSize(const Sizes& shape, std::int64_t numel) {
  Sizes sizes = shape;
  std::optional<std::size_t> inferred;
  std::int64_t known = 1;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      if (inferred) {
        throw std::invalid_argument("only one dimension can be inferred");
      }
      inferred = d;
    } else if (shape[d] >= 0) {
      // ATen's infer_size multiplies with c10::safe_multiplies: a product
      // past int64 would wrap and could match the element count by chance.
      if (__builtin_mul_overflow(known, shape[d], &known)) {
        throw std::invalid_argument("numel: integer multiplication overflow");
      }
    } else {
      throw std::invalid_argument(fmt::format("invalid shape dimension {}", shape[d]));
    }
  }
  if (numel == known || (inferred && known > 0 && numel % known == 0)) {
    if (inferred) {
      // No elements and a 0 among the others: any size fits the -1.
      if (known == 0) {
        throw std::invalid_argument(
            fmt::format("cannot reshape tensor of 0 elements into shape [{}] because the "
                        "unspecified dimension size -1 can be any value and is ambiguous",
                        fmt::join(shape, ", ")));
      }
      sizes[*inferred] = numel / known;
    }
    return sizes;
  }
  throw std::invalid_argument(
      fmt::format("shape '[{}]' is invalid for input of size {}", fmt::join(shape, ", "), numel));
}

// The strides that walk `self`'s elements in the new shape, if there are
// any (ATen's computeStride): each run of dimensions of `self` that is
// contiguous within itself may be split or merged, never two runs into one.
// So a transpose views as its own shape, or with size-1 dimensions added,
// but not flattened.
std::optional<Strides> computeStride(const Sizes& oldShape, const Strides& oldStrides, const Sizes& newShape) {
  if (oldShape.empty()) {
    return Strides(newShape.size(), 1);
  }
  if (numelOf(oldShape) == 0) {
    return oldShape == newShape ? oldStrides : contiguousStrides(newShape);
  }
  Strides newStrides(newShape.size());
  auto viewD = static_cast<std::int64_t>(newShape.size()) - 1;
  std::int64_t chunkBaseStride = oldStrides.back();
  std::int64_t tensorNumel = 1;
  std::int64_t viewNumel = 1;
  for (auto tensorD = static_cast<std::int64_t>(oldShape.size()) - 1; tensorD >= 0; --tensorD) {
    const auto td = static_cast<std::size_t>(tensorD);
    tensorNumel *= oldShape[td];
    // The end of a contiguous run: the first dimension, or one whose stride breaks it.
    if (tensorD == 0 || (oldShape[td - 1] != 1 && oldStrides[td - 1] != tensorNumel * chunkBaseStride)) {
      while (viewD >= 0 && (viewNumel < tensorNumel || newShape[static_cast<std::size_t>(viewD)] == 1)) {
        newStrides[static_cast<std::size_t>(viewD)] = viewNumel * chunkBaseStride;
        viewNumel *= newShape[static_cast<std::size_t>(viewD)];
        --viewD;
      }
      if (viewNumel != tensorNumel) {
        return std::nullopt;
      }
      if (tensorD > 0) {
        chunkBaseStride = oldStrides[td - 1];
        tensorNumel = 1;
        viewNumel = 1;
      }
    }
  }
  if (viewD != -1) {
    return std::nullopt;
  }
  return newStrides;
}

}  // namespace

Tensor viewStrided(const Tensor& self, const Sizes& shape) {
  const Sizes sizes = inferSize(shape, self.numel());
  const std::optional<Strides> strides = computeStride(self.sizes(), self.strides(), sizes);
  if (!strides) {
    throw std::invalid_argument(
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across "
        "two contiguous subspaces). Use .reshape(...) instead.");
  }
  return makeView(self, sizes, *strides, self.storageOffset());
}

// 1.13's slice (TensorShape.cpp): start and end wrapped once if negative,
// then clamped to [0, size], so x[5:100] of 8 rows is rows 5 to 7; the
// result starts start strides in and steps step rows at a time.
Tensor sliceStrided(const Tensor& self, std::int64_t dim, std::optional<std::int64_t> start,
                    std::optional<std::int64_t> end, std::int64_t step) {
  if (self.dim() == 0) {
    throw std::out_of_range("slice() cannot be applied to a 0-dim tensor.");
  }
  const auto d = static_cast<std::size_t>(wrapDim(dim, self.dim()));
  Sizes sizes = self.sizes();
  Strides strides = self.strides();
  std::int64_t first = start.value_or(0);
  std::int64_t last = end.value_or(std::numeric_limits<std::int64_t>::max());
  if (step <= 0) {
    throw std::invalid_argument("slice step must be positive");
  }
  if (first < 0) {
    first += sizes[d];
  }
  if (last < 0) {
    last += sizes[d];
  }
  first = std::clamp<std::int64_t>(first, 0, sizes[d]);
  last = std::clamp<std::int64_t>(last, first, sizes[d]);
  const std::int64_t offset = self.storageOffset() + first * strides[d];
  sizes[d] = (last - first + step - 1) / step;  // rounded up
  strides[d] *= step;
  return makeView(self, sizes, strides, offset);
}

}  // namespace ch06
}  // namespace mini
