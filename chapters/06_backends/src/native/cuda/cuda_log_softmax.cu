// log_softmax and its backward on the GPU, as 1.13's host_softmax
// (SoftMax.cu) computes them: per row, x - max - log(sum(exp(x - max))),
// the max taken out first so that exp cannot overflow; the backward
// grad - exp(output) * sum(grad). Sums in float for float32, Half and
// BFloat16 (ATen's acc_type), in double for float64. The block adds its
// threads' partial sums in a tree, not in order: the results agree with the
// CPU kernel's to a float's rounding, not bit for bit (as 1.13's CUDA and
// CPU kernels do).
#include <cmath>
#include <cstdint>

#include "cuda_check.cuh"
#include "cuda_reduced_float.cuh"
#include "cuda_row_reduce.cuh"

namespace mini {
inline namespace ch06 {

namespace {

__device__ float expOf(float x) { return expf(x); }
__device__ double expOf(double x) { return exp(x); }
__device__ float logOf(float x) { return logf(x); }
__device__ double logOf(double x) { return log(x); }

// A NaN anywhere in the row makes the sum NaN, and so every output of the
// row, whichever way the max treats it (as on the CPU).
template <class Acc>
__device__ Acc maxOf(Acc a, Acc b) {
  return a < b ? b : a;
}

// In and Out differ only for half_to_float (In __half, Out float).
template <class In, class Out>
__global__ void logSoftmaxKernel(const In* in, Out* out, std::int64_t rows, std::int64_t reduced, std::int64_t inner) {
  using Acc = CudaAccumulateType<In>;
  __shared__ Acc shared[kMaxRowThreads];
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    const std::int64_t first = rowStart(row, reduced, inner);
    Acc max = -static_cast<Acc>(INFINITY);
    for (std::int64_t r = threadIdx.x; r < reduced; r += blockDim.x) {
      max = maxOf(max, static_cast<Acc>(in[first + r * inner]));
    }
    max = blockReduce(max, shared, [](Acc a, Acc b) { return maxOf(a, b); });
    Acc sum = 0;
    for (std::int64_t r = threadIdx.x; r < reduced; r += blockDim.x) {
      sum += expOf(static_cast<Acc>(in[first + r * inner]) - max);
    }
    sum = blockReduce(sum, shared, [](Acc a, Acc b) { return a + b; });
    const Acc logSum = logOf(sum);
    for (std::int64_t r = threadIdx.x; r < reduced; r += blockDim.x) {
      const std::int64_t k = first + r * inner;
      out[k] = static_cast<Out>(static_cast<Acc>(in[k]) - max - logSum);
    }
  }
}

// In is grad_output's and output's type, Out the gradient's (for
// half_to_float, float and __half).
template <class In, class Out>
__global__ void logSoftmaxBackwardKernel(const In* grad, const In* output, Out* gradInput, std::int64_t rows,
                                         std::int64_t reduced, std::int64_t inner) {
  using Acc = CudaAccumulateType<In>;
  __shared__ Acc shared[kMaxRowThreads];
  for (std::int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
    const std::int64_t first = rowStart(row, reduced, inner);
    Acc sum = 0;
    for (std::int64_t r = threadIdx.x; r < reduced; r += blockDim.x) {
      sum += static_cast<Acc>(grad[first + r * inner]);
    }
    sum = blockReduce(sum, shared, [](Acc a, Acc b) { return a + b; });
    for (std::int64_t r = threadIdx.x; r < reduced; r += blockDim.x) {
      const std::int64_t k = first + r * inner;
      gradInput[k] = static_cast<Out>(static_cast<Acc>(grad[k]) - expOf(static_cast<Acc>(output[k])) * sum);
    }
  }
}

}  // namespace

template <class InHost, class OutHost>
void launchLogSoftmaxCuda(const InHost* in, OutHost* out, std::int64_t outer, std::int64_t reduced, std::int64_t inner,
                          const char* op) {
  const std::int64_t rows = outer * inner;
  if (rows == 0 || reduced == 0) {
    return;
  }
  logSoftmaxKernel<<<blocksFor(rows, 1), rowThreadsFor(reduced)>>>(asNative(in), asNative(out), rows, reduced, inner);
  checkLaunch("logSoftmaxKernel", op);
}

template <class InHost, class OutHost>
void launchLogSoftmaxBackwardCuda(const InHost* grad, const InHost* output, OutHost* gradInput, std::int64_t outer,
                                  std::int64_t reduced, std::int64_t inner, const char* op) {
  const std::int64_t rows = outer * inner;
  if (rows == 0 || reduced == 0) {
    return;
  }
  logSoftmaxBackwardKernel<<<blocksFor(rows, 1), rowThreadsFor(reduced)>>>(asNative(grad), asNative(output),
                                                                           asNative(gradInput), rows, reduced, inner);
  checkLaunch("logSoftmaxBackwardKernel", op);
}

#define MINI_LOG_SOFTMAX(IN, OUT)                                                                                      \
  template void launchLogSoftmaxCuda<IN, OUT>(const IN*, OUT*, std::int64_t, std::int64_t, std::int64_t, const char*); \
  template void launchLogSoftmaxBackwardCuda<OUT, IN>(const OUT*, const OUT*, IN*, std::int64_t, std::int64_t,         \
                                                      std::int64_t, const char*);
// The backward of a half_to_float forward takes float and gives Half: the
// same pair of types, the other way round.
// clang-format off
MINI_LOG_SOFTMAX(float, float) MINI_LOG_SOFTMAX(double, double)
MINI_LOG_SOFTMAX(Half, Half) MINI_LOG_SOFTMAX(BFloat16, BFloat16) MINI_LOG_SOFTMAX(Half, float)
// clang-format on

}  // namespace ch06
}  // namespace mini
