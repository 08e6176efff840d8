// Matrix product on the GPU, tiled through shared memory.
#include <cstdint>

#include "cuda_check.cuh"
#include "cuda_reduced_float.cuh"

namespace mini {
inline namespace ch06 {

namespace {

// A 16 x 16 block of threads computes a 16 x 16 tile of C. It walks along k
// one tile at a time: every thread loads one element of A's tile and one of
// B's into shared memory, the block synchronises, and each thread then reads
// 16 elements of each from shared memory (fast, on-chip) instead of global
// memory. Every element of A and B is loaded from global memory n/16 and m/16
// times instead of n and m times.
constexpr int kTile = 16;

template <class T>
__global__ void tiledMatmulKernel(const T* a, const T* b, T* c, std::int64_t n, std::int64_t k, std::int64_t m) {
  __shared__ T aTile[kTile][kTile];
  __shared__ T bTile[kTile][kTile];
  const std::int64_t row = static_cast<std::int64_t>(blockIdx.y) * kTile + threadIdx.y;
  const std::int64_t col = static_cast<std::int64_t>(blockIdx.x) * kTile + threadIdx.x;
  // Float for __half and __nv_bfloat16 (ATen's acc_type), rounded once at the end.
  using Acc = CudaAccumulateType<T>;
  Acc total = 0;
  for (std::int64_t t = 0; t < k; t += kTile) {
    // Threads outside the matrix load zeros, so the inner loop needs no checks.
    aTile[threadIdx.y][threadIdx.x] = (row < n && t + threadIdx.x < k) ? a[row * k + t + threadIdx.x] : T(0);
    bTile[threadIdx.y][threadIdx.x] = (col < m && t + threadIdx.y < k) ? b[(t + threadIdx.y) * m + col] : T(0);
    __syncthreads();
#pragma unroll
    for (int p = 0; p < kTile; ++p) {
      total += static_cast<Acc>(aTile[threadIdx.y][p]) * static_cast<Acc>(bTile[p][threadIdx.x]);
    }
    // Nobody may overwrite a tile another thread is still reading.
    __syncthreads();
  }
  if (row < n && col < m) {
    c[row * m + col] = static_cast<T>(total);
  }
}

}  // namespace

template <class T>
void launchMatmulCuda(const T* a, const T* b, T* c, std::int64_t n, std::int64_t k, std::int64_t m, const char* op) {
  if (n == 0 || m == 0) {
    return;
  }
  const dim3 threads(kTile, kTile);
  const dim3 blocks(static_cast<unsigned>((m + kTile - 1) / kTile), static_cast<unsigned>((n + kTile - 1) / kTile));
  tiledMatmulKernel<<<blocks, threads>>>(asNative(a), asNative(b), asNative(c), n, k, m);
  checkLaunch("tiledMatmulKernel", op);
}

template void launchMatmulCuda<std::int64_t>(const std::int64_t*, const std::int64_t*, std::int64_t*, std::int64_t,
                                             std::int64_t, std::int64_t, const char*);
template void launchMatmulCuda<float>(const float*, const float*, float*, std::int64_t, std::int64_t, std::int64_t,
                                      const char*);
template void launchMatmulCuda<Half>(const Half*, const Half*, Half*, std::int64_t, std::int64_t, std::int64_t,
                                     const char*);
template void launchMatmulCuda<BFloat16>(const BFloat16*, const BFloat16*, BFloat16*, std::int64_t, std::int64_t,
                                         std::int64_t, const char*);
template void launchMatmulCuda<double>(const double*, const double*, double*, std::int64_t, std::int64_t, std::int64_t,
                                       const char*);

}  // namespace ch06
}  // namespace mini
