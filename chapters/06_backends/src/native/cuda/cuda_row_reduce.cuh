#pragma once
// The kernels that reduce along one dimension of a contiguous tensor seen as
// [outer, reduced, inner] (argmax, log_softmax and its backward): one block
// per row of `reduced` elements, each thread a strided slice of the row,
// then the block's partial results halved in shared memory. A fixed order of
// combination, so the result is the same on every run.
#include <cstdint>

namespace mini {
inline namespace ch06 {

/// Threads per row: a power of two (the halving needs one), one warp for
/// the short rows of a classifier's ten classes, eight for long ones.
inline constexpr int kMaxRowThreads = 256;
inline int rowThreadsFor(std::int64_t reduced) { return reduced <= 32 ? 32 : kMaxRowThreads; }

/// The offset of row `row`'s first element; its elements are `inner` apart.
__device__ inline std::int64_t rowStart(std::int64_t row, std::int64_t reduced, std::int64_t inner) {
  return (row / inner) * reduced * inner + row % inner;
}

/// Every thread's `mine` combined into one value, which every thread gets
/// back. `shared` holds blockDim.x values; every thread of the block must call it.
template <class T, class Combine>
__device__ T blockReduce(T mine, T* shared, Combine combine) {
  shared[threadIdx.x] = mine;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) {
      shared[threadIdx.x] = combine(shared[threadIdx.x], shared[threadIdx.x + half]);
    }
    __syncthreads();
  }
  const T result = shared[0];
  __syncthreads();  // before the next call writes shared[] again
  return result;
}

}  // namespace ch06
}  // namespace mini
