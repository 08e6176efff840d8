// sum on the GPU: a tree reduction in shared memory per block, then one more
// block over the blocks' partial sums. No atomics, so the result is the same
// on every run.
#include <cstdint>

#include "cuda_check.cuh"

namespace mini {
inline namespace ch06 {

namespace {

constexpr int kReduceThreads = 256;
constexpr unsigned kMaxReduceBlocks = 1024;

// Each thread sums a grid-stride slice, then the block halves its partial
// sums in shared memory until thread 0 holds the block's total.
template <class T>
__global__ void blockSumKernel(const T* in, std::int64_t n, T* blockSums) {
  __shared__ T partial[kReduceThreads];
  T mine = 0;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    mine += in[i];
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
    blockSums[blockIdx.x] = partial[0];
  }
}

template <class T>
__global__ void sumDimKernel(const T* in, std::int64_t outer, std::int64_t reduced, std::int64_t inner, T* out) {
  for (std::int64_t j = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < outer * inner;
       j += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    const std::int64_t o = j / inner;
    const std::int64_t i = j % inner;
    T total = 0;
    for (std::int64_t r = 0; r < reduced; ++r) {
      total += in[(o * reduced + r) * inner + i];
    }
    out[j] = total;
  }
}

}  // namespace

template <class T>
void launchSumAllCuda(const T* in, std::int64_t numel, T* out, const char* op) {
  unsigned blocks = blocksFor(numel, kReduceThreads);
  blocks = blocks > kMaxReduceBlocks ? kMaxReduceBlocks : blocks;
  T* blockSums = nullptr;
  checkCuda(cudaMalloc(&blockSums, blocks * sizeof(T)), "cudaMalloc", op);
  blockSumKernel<<<blocks, kReduceThreads>>>(in, numel, blockSums);
  cudaError_t status = cudaGetLastError();
  if (status == cudaSuccess) {
    blockSumKernel<<<1, kReduceThreads>>>(blockSums, blocks, out);
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
  sumDimKernel<<<blocksFor(outer * inner, kReduceThreads), kReduceThreads>>>(in, outer, reduced, inner, out);
  checkLaunch("sumDimKernel", op);
}

template void launchSumAllCuda<std::int64_t>(const std::int64_t*, std::int64_t, std::int64_t*, const char*);
template void launchSumAllCuda<float>(const float*, std::int64_t, float*, const char*);
template void launchSumAllCuda<double>(const double*, std::int64_t, double*, const char*);
template void launchSumDimCuda<std::int64_t>(const std::int64_t*, std::int64_t, std::int64_t, std::int64_t,
                                             std::int64_t*, const char*);
template void launchSumDimCuda<float>(const float*, std::int64_t, std::int64_t, std::int64_t, float*, const char*);
template void launchSumDimCuda<double>(const double*, std::int64_t, std::int64_t, std::int64_t, double*, const char*);

}  // namespace ch06
}  // namespace mini
