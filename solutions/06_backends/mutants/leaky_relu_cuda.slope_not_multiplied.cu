// Mutant: writes the slope itself for a negative input, not the slope times the input
// Must fail: Exercise06_3.LeakyReluOnTheGpu
// Exercise 06.3: a CUDA kernel (leaky_relu) with a grid-stride loop.
// The lesson: chapters/06_backends/part2_backend_kernels.md#exercise-63
// Declared in: mini/exercises/leaky_relu_cuda.h
// Compiled by nvcc where it is found; its tests run where a GPU is present.
#include "cuda_check.cuh"
#include "mini/exercises/leaky_relu_cuda.h"

namespace mini {
inline namespace ch06 {

namespace {

// A grid-stride loop: any grid size covers any n, and neighbouring threads
// touch neighbouring floats, so each warp's loads coalesce.
__global__ void leakyReluKernel(const float* in, float* out, std::int64_t n, float slope) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * blockDim.x;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    out[i] = in[i] > 0.0f ? in[i] : slope;
  }
}

}  // namespace

bool launchLeakyReluCuda(const float* in, float* out, std::int64_t n, float slope) {
  if (n > 0) {
    leakyReluKernel<<<blocksFor(n), 256>>>(in, out, n, slope);
    checkLaunch("leakyReluKernel", "leaky_relu");
  }
  return true;
}

}  // namespace ch06
}  // namespace mini
