// Mistake: I wrote relu: negative inputs become 0 and the slope is never used

// Exercise 06.3: a CUDA kernel (leaky_relu) with a grid-stride loop.
// The lesson: chapters/06_backends/part2_backend_kernels.md#exercise-63
// Declared in: mini/exercises/leaky_relu_cuda.h
// Compiled by nvcc where it is found; its tests run where a GPU is present.
#include "cuda_check.cuh"
#include "mini/exercises/leaky_relu_cuda.h"

namespace mini {
inline namespace ch06 {

// TODO(06.3): write a __global__ kernel whose threads start at
// blockIdx.x * blockDim.x + threadIdx.x and step by gridDim.x * blockDim.x
// (a grid-stride loop), computing out[i] = in[i] > 0 ? in[i] : slope * in[i].
// Launch it below with blocksFor(n) blocks of 256 threads, check the launch
// with checkLaunch("leakyReluKernel", "leaky_relu"), and return true.
__global__ void leakyReluKernel(const float* in, float* out, std::int64_t n, float slope) {
  for (std::int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    out[i] = in[i] > 0 ? in[i] : 0.0f;
    (void)slope;
  }
}

bool launchLeakyReluCuda(const float* in, float* out, std::int64_t n, float slope) {
  leakyReluKernel<<<blocksFor(n), 256>>>(in, out, n, slope);
  checkLaunch("leakyReluKernel", "leaky_relu");
  return true;
}

}  // namespace ch06
}  // namespace mini
