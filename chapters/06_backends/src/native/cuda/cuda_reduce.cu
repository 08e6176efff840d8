// sum on the GPU: a tree reduction in shared memory per block, then one more
// block over the blocks' partial sums. No atomics, so the result is the same
// on every run.
#include <cstdint>

#include "cuda_check.cuh"
#include "cuda_reduced_float.cuh"

namespace mini {
inline namespace ch06 {

namespace {

constexpr int kReduceThreads = 256;
constexpr unsigned kMaxReduceBlocks = 1024;

// Each thread sums a grid-stride slice, then the block halves its partial
// sums in shared memory until thread 0 holds the block's total.
// In, the partial sums in Acc (float for the two-byte types), Out.
template <class In, class Acc, class Out>
__global__ void blockSumKernel(const In* in, std::int64_t n, Out* blockSums) {
  __shared__ Acc partial[kReduceThreads];
  Acc mine = 0;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    mine += static_cast<Acc>(in[i]);
  }
  partial[threadIdx.x] = mine;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) {
      partial[threadIdx.x] += partial[threadIdx.x + half];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    blockSums[blockIdx.x] = static_cast<Out>(partial[0]);
  }
}

template <class T>
__global__ void sumDimKernel(const T* in, std::int64_t outer, std::int64_t reduced, std::int64_t inner, T* out) {
  for (std::int64_t j = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < outer * inner;
       j += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const std::int64_t o = j / inner;
    const std::int64_t i = j % inner;
    CudaAccumulateType<T> total = 0;
    for (std::int64_t r = 0; r < reduced; ++r) {
      total += static_cast<CudaAccumulateType<T>>(in[(o * reduced + r) * inner + i]);
    }
    out[j] = static_cast<T>(total);
  }
}

}  // namespace

template <class Host>
void launchSumAllCuda(const Host* hostIn, std::int64_t numel, Host* hostOut, const char* op) {
  using T = NativeCudaTypeOf<Host>;
  using Acc = CudaAccumulateType<T>;
  unsigned blocks = blocksFor(numel, kReduceThreads);
  blocks = blocks > kMaxReduceBlocks ? kMaxReduceBlocks : blocks;
  Acc* blockSums = nullptr;
  checkCuda(cudaMalloc(&blockSums, blocks * sizeof(Acc)), "cudaMalloc", op);
  blockSumKernel<T, Acc, Acc><<<blocks, kReduceThreads>>>(asNative(hostIn), numel, blockSums);
  cudaError_t status = cudaGetLastError();
  if (status == cudaSuccess) {
    blockSumKernel<Acc, Acc, T><<<1, kReduceThreads>>>(blockSums, blocks, asNative(hostOut));
    status = cudaGetLastError();
  }
  cudaFree(blockSums);  // before checking, so an error does not leak it
  checkCuda(status, "blockSumKernel", op);
}

template <class T>
void launchSumDimCuda(const T* in, std::int64_t outer, std::int64_t reduced, std::int64_t inner, T* out,
                      const char* op) {
  if (outer * inner == 0) {
    return;
  }
  sumDimKernel<<<blocksFor(outer * inner, kReduceThreads), kReduceThreads>>>(asNative(in), outer, reduced, inner,
                                                                             asNative(out));
  checkLaunch("sumDimKernel", op);
}

template void launchSumAllCuda<std::int64_t>(const std::int64_t*, std::int64_t, std::int64_t*, const char*);
template void launchSumAllCuda<float>(const float*, std::int64_t, float*, const char*);
template void launchSumAllCuda<double>(const double*, std::int64_t, double*, const char*);
template void launchSumAllCuda<Half>(const Half*, std::int64_t, Half*, const char*);
template void launchSumAllCuda<BFloat16>(const BFloat16*, std::int64_t, BFloat16*, const char*);
template void launchSumDimCuda<Half>(const Half*, std::int64_t, std::int64_t, std::int64_t, Half*, const char*);
template void launchSumDimCuda<BFloat16>(const BFloat16*, std::int64_t, std::int64_t, std::int64_t, BFloat16*,
                                         const char*);
template void launchSumDimCuda<std::int64_t>(const std::int64_t*, std::int64_t, std::int64_t, std::int64_t,
                                             std::int64_t*, const char*);
template void launchSumDimCuda<float>(const float*, std::int64_t, std::int64_t, std::int64_t, float*, const char*);
template void launchSumDimCuda<double>(const double*, std::int64_t, std::int64_t, std::int64_t, double*, const char*);

}  // namespace ch06
}  // namespace mini
