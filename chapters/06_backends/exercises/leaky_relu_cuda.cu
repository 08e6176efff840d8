// Exercise 06.3: a CUDA kernel (leaky_relu) with a grid-stride loop.
// The lesson: chapters/06_backends/part2_backend_kernels.md#exercise-63
// Declared in: mini/exercises/leaky_relu_cuda.h
// Compiled by nvcc where it is found; its tests run where a GPU is present.
#include "cuda_check.cuh"
#include "mini/exercises/leaky_relu_cuda.h"

namespace mini {
inline namespace ch06 {

// TODO(06.3): a __global__ kernel that writes leaky_relu of every one of the
// n floats, however many there are (a grid has only so many threads), its
// launch as the chapter's CUDA kernels launch theirs (blocksFor, checked by
// checkLaunch), and true once it is written.
bool launchLeakyReluCuda(const float* in, float* out, std::int64_t n, float slope) {
  (void)in;
  (void)out;
  (void)n;
  (void)slope;
  return false;
}

}  // namespace ch06
}  // namespace mini
