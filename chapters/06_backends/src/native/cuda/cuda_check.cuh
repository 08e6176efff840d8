#pragma once
// Every CUDA runtime call in the .cu files goes through checkCuda: a failed
// call throws at once, naming the call and the operator, instead of
// surfacing as a wrong answer or a later, unrelated error.

#include <cuda_runtime.h>

#include "mini/native/cuda/cuda_launchers.h"

namespace mini {
inline namespace ch06 {

inline void checkCuda(cudaError_t status, const char* call, const char* op) {
  if (status != cudaSuccess) {
    // The runtime also keeps a failed call's error as its "last error", which
    // the next checkLaunch would read and blame on an innocent kernel (an
    // out-of-memory cudaMalloc, then any launch). Reading it clears it, as
    // PyTorch's caching allocator does after a failed cudaMalloc. A sticky
    // error (a kernel's illegal address) stays: every later call reports it.
    (void)cudaGetLastError();
    throwCudaError(call, op, cudaGetErrorName(status), cudaGetErrorString(status));
  }
}

/// A kernel launch returns nothing; its configuration errors are read back
/// with cudaGetLastError right after it.
inline void checkLaunch(const char* kernel, const char* op) { checkCuda(cudaGetLastError(), kernel, op); }

/// Blocks for n elements, threads per block fixed at 256 (8 warps), capped
/// so grid-stride loops do the rest instead of launching millions of blocks.
inline unsigned blocksFor(std::int64_t n, int threads = 256) {
  const std::int64_t blocks = (n + threads - 1) / threads;
  return static_cast<unsigned>(blocks < 1 ? 1 : (blocks > 65535 ? 65535 : blocks));
}

}  // namespace ch06
}  // namespace mini
