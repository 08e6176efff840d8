// argmax on the GPU: per row, the first index of the largest value, a NaN
// counting as the largest (the first NaN wins), as 1.13's ArgMaxOps
// (SharedReduceOps.h) combine: ties go to the lower index, so the order in
// which the block combines its threads' candidates does not matter.
#include <cstdint>
#include <type_traits>

#include "cuda_check.cuh"
#include "cuda_reduced_float.cuh"
#include "cuda_row_reduce.cuh"

namespace mini {
inline namespace ch06 {

namespace {

/// A candidate: a value and its index in the row; index -1 is "none yet"
/// (a thread whose slice of the row is empty).
template <class Acc>
struct Candidate {
  Acc value;
  std::int64_t index;
};

template <class Acc>
__device__ bool isNan(Acc value) {
  if constexpr (std::is_floating_point_v<Acc>) {
    return value != value;
  } else {
    return false;
  }
}

/// 1.13's greater_or_nan: whether `a` wins over `b`.
template <class Acc>
__device__ bool wins(const Candidate<Acc>& a, const Candidate<Acc>& b) {
  if (b.index < 0) {
    return a.index >= 0;
  }
  if (a.index < 0) {
    return false;
  }
  if (isNan(a.value)) {
    return !isNan(b.value) || a.index < b.index;
  }
  if (isNan(b.value)) {
    return false;
  }
  return a.value == b.value ? a.index < b.index : a.value > b.value;
}

// Half and BFloat16 compared as floats, as 1.13's argmax_kernel_cuda does:
// the conversion is exact and keeps the order, NaN included.
template <class T>
__global__ void argmaxKernel(const T* in, std::int64_t rows, std::int64_t reduced, std::int64_t inner,
                             std::int64_t* out) {
  using Acc = CudaAccumulateType<T>;
  __shared__ Candidate<Acc> shared[kMaxRowThreads];
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    const std::int64_t first = rowStart(row, reduced, inner);
    Candidate<Acc> best{Acc(0), -1};
    for (std::int64_t r = threadIdx.x; r < reduced; r += blockDim.x) {
      const Candidate<Acc> candidate{static_cast<Acc>(in[first + r * inner]), r};
      if (wins(candidate, best)) {
        best = candidate;
      }
    }
    best =
        blockReduce(best, shared, [](const Candidate<Acc>& a, const Candidate<Acc>& b) { return wins(b, a) ? b : a; });
    if (threadIdx.x == 0) {
      out[row] = best.index;
    }
  }
}

}  // namespace

template <class Host>
void launchArgmaxCuda(const Host* in, std::int64_t outer, std::int64_t reduced, std::int64_t inner, std::int64_t* out,
                      const char* op) {
  const std::int64_t rows = outer * inner;
  if (rows == 0 || reduced == 0) {
    return;
  }
  argmaxKernel<<<blocksFor(rows, 1), rowThreadsFor(reduced)>>>(asNative(in), rows, reduced, inner, out);
  checkLaunch("argmaxKernel", op);
}

#define MINI_ARGMAX(T) \
  template void launchArgmaxCuda<T>(const T*, std::int64_t, std::int64_t, std::int64_t, std::int64_t*, const char*);
// clang-format off
MINI_ARGMAX(std::int64_t) MINI_ARGMAX(float) MINI_ARGMAX(double) MINI_ARGMAX(Half) MINI_ARGMAX(BFloat16)
// clang-format on

}  // namespace ch06
}  // namespace mini
