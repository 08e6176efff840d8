#pragma once
/// \file
/// \brief The loop every elementwise CPU kernel shares: broadcasting through
///        zero strides, a contiguous fast path, and chunks on several threads
///        (a small cousin of ATen's TensorIterator and cpu_kernel).

#include <array>
#include <cstdint>
#include <utility>

#include "mini/aten/parallel.h"
#include "mini/core/shape.h"

namespace mini {
inline namespace ch06 {

/// An operand of the loop: where element [0, ..., 0] is and how far (in
/// elements) to step per index of each dimension of the *iteration* shape.
/// A broadcast input has stride 0 where it is repeated.
template <class T>
struct StridedPointer {
  T* data;
  Strides strides;
};

namespace detail {

/// Element offset of the linear index `linear` of `shape` in an operand with
/// `strides`, and the multi-index it corresponds to.
inline std::int64_t offsetOfLinearIndex(std::int64_t linear, const Sizes& shape, const Strides& strides, Sizes& index) {
  std::int64_t offset = 0;
  for (std::size_t d = shape.size(); d-- > 0;) {
    index[d] = linear % shape[d];
    linear /= shape[d];
    offset += index[d] * strides[d];
  }
  return offset;
}

/// out[i] = op(inputs[i]...) for i in [begin, end), every operand laid out
/// flat. The work goes in blocks of kBlock elements, each computed into a
/// local array and then stored. GCC 12 at -O2 vectorises only a loop whose
/// trip count is a known multiple of the vector width and that needs no
/// run-time overlap check ("very cheap" cost model); both loops of a block
/// are such loops, so they become packed SSE adds, loads and stores. Out may
/// be one of the inputs (an in-place add): a block is read whole before it
/// is written. The remainder goes one by one. The kernels with a vector
/// op (add, mul, ...) use loops.h's cpu_kernel_vec and Vectorized<T>
/// instead, as ATen's do; this loop serves cpu_kernel, copy_ and fill_.
template <class Out, class Op, class... In>
void contiguousLoop(std::int64_t begin, std::int64_t end, Out* out, const Op& op, const In*... inputs) {
  constexpr std::int64_t kBlock = 16;
  std::int64_t i = begin;
  for (; i + kBlock <= end; i += kBlock) {
    std::array<Out, kBlock> block;
    for (std::int64_t j = 0; j < kBlock; ++j) {
      block[static_cast<std::size_t>(j)] = op(inputs[i + j]...);
    }
    for (std::int64_t j = 0; j < kBlock; ++j) {
      out[i + j] = block[static_cast<std::size_t>(j)];
    }
  }
  for (; i < end; ++i) {
    out[i] = op(inputs[i]...);
  }
}

}  // namespace detail

/// out[i] = op(inputs[i]...) for the `numel` elements of operands laid out
/// flat, in chunks of kGrainSize on several threads: the elementwise loop's
/// fast path, and the whole loop for a caller that knows its operands are flat.
template <class Out, class Op, class... In>
void cpuContiguousLoop(std::int64_t numel, Out* out, const Op& op, const In*... inputs) {
  parallelFor(0, numel, kGrainSize,
              [&](std::int64_t begin, std::int64_t end) { detail::contiguousLoop(begin, end, out, op, inputs...); });
}

// [elementwise_loop]
/// out[i] = op(inputs[i]...) for every index i of `shape`.
///
/// Fast path: when every operand is contiguous with `shape` (isContiguous:
/// a fresh tensor, or one whose size-1 dimensions have odd strides), the loop
/// is a plain `for` over flat indices with no index arithmetic, which the
/// compiler vectorises (cpuContiguousLoop, whose chunks run
/// detail::contiguousLoop). Deciding so allocates nothing, which matters for
/// a one-element add. Otherwise an odometer walks the multi-index
/// and moves each operand's offset by its stride, so transposed views and
/// broadcast inputs need no copy. Both paths run in chunks of kGrainSize
/// elements on several threads; each element is computed by exactly one
/// thread, so the result does not depend on the thread count.
template <class Out, class Op, class... In>
void cpuElementwiseLoop(const Sizes& shape, StridedPointer<Out> out, const Op& op, StridedPointer<const In>... inputs) {
  const std::int64_t numel = numelOf(shape);
  const bool allContiguous = isContiguous(shape, out.strides) && (isContiguous(shape, inputs.strides) && ...);
  if (allContiguous) {
    cpuContiguousLoop(numel, out.data, op, inputs.data...);
    return;
  }
  constexpr std::size_t kInputs = sizeof...(In);
  const std::array<const Strides*, kInputs> inputStrides = {&inputs.strides...};
  parallelFor(0, numel, kGrainSize, [&](std::int64_t begin, std::int64_t end) {
    Sizes index(shape.size());
    std::int64_t outOffset = detail::offsetOfLinearIndex(begin, shape, out.strides, index);
    std::array<std::int64_t, kInputs> offsets{};
    for (std::size_t k = 0; k < kInputs; ++k) {
      offsets[k] = detail::offsetOfLinearIndex(begin, shape, *inputStrides[k], index);
    }
    // Pairs input K with offsets[K]: both packs expand in step.
    auto computeOne = [&]<std::size_t... K>(std::index_sequence<K...>) {
      out.data[outOffset] = op(inputs.data[offsets[K]]...);
    };
    for (std::int64_t i = begin; i < end; ++i) {
      computeOne(std::index_sequence_for<In...>{});
      // The odometer: bump the last index; on overflow reset it and carry.
      for (std::size_t d = shape.size(); d-- > 0;) {
        ++index[d];
        outOffset += out.strides[d];
        for (std::size_t j = 0; j < kInputs; ++j) {
          offsets[j] += (*inputStrides[j])[d];
        }
        if (index[d] < shape[d]) {
          break;
        }
        outOffset -= out.strides[d] * shape[d];
        for (std::size_t j = 0; j < kInputs; ++j) {
          offsets[j] -= (*inputStrides[j])[d] * shape[d];
        }
        index[d] = 0;
      }
    }
  });
}
// [elementwise_loop]

}  // namespace ch06
}  // namespace mini
