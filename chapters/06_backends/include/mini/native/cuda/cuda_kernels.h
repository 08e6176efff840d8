#pragma once
/// \file
/// \brief The CUDA backend's kernels, as the rest of the library sees them,
///        and whether this build and this machine can run them.

#include <optional>
#include <string>

#include "mini/core/tensor.h"
#include "mini/native/cuda/cuda_launchers.h"

namespace mini {
inline namespace ch06 {

// [cuda_availability]
/// Whether CUDA kernels can run here: the number of devices, or 0 and why
/// not ("mini was built without CUDA ..." or "no CUDA device:
/// cudaGetDeviceCount returned cudaErrorNoDevice ..."). GPU tests skip with
/// `reason`.
struct CudaAvailability {
  int devices = 0;
  std::string reason;
};
CudaAvailability cudaAvailability();
/// True when nvcc was found at configure time and the .cu files are linked in.
bool builtWithCuda();
// [cuda_availability]

/// The same operators as cpu_kernels.h, on CUDA tensors (defined only in a
/// CUDA build: src/native/cuda/cuda_kernels.cpp).
Tensor addCuda(const Tensor& self, const Tensor& other);
Tensor subCuda(const Tensor& self, const Tensor& other);
Tensor mulCuda(const Tensor& self, const Tensor& other);
Tensor divCuda(const Tensor& self, const Tensor& other);
Tensor negCuda(const Tensor& self);
Tensor reluCuda(const Tensor& self);
Tensor expCuda(const Tensor& self);
Tensor reluBackwardCuda(const Tensor& grad, const Tensor& result);
Tensor sumCuda(const Tensor& self, std::optional<std::int64_t> dim = std::nullopt, bool keepdim = false);
Tensor sumAllCuda(const Tensor& self);
Tensor matmulCuda(const Tensor& self, const Tensor& other);
/// The same into `out`, which has the result's shape and dtype (contiguous).
void matmulIntoCuda(const Tensor& out, const Tensor& self, const Tensor& other);
/// The loops of the impl()s that CPU and CUDA share, as 1.13's share one
/// impl() and call a stub per device: argmax's (self and out on the GPU,
/// out int64 of the result's shape), the comparisons' (`other` may be a CPU
/// scalar, which is copied to the GPU).
void argmaxIntoCuda(const Tensor& out, const Tensor& self, std::optional<std::int64_t> dim);
void comparisonIntoCuda(const Tensor& out, const Tensor& self, const Tensor& other, Comparison which);
Tensor& fillCuda_(Tensor& self, double value);
Tensor& arangeFillCuda_(Tensor& self, double start, double step);
/// dst[...] = src[...] where either side is on a GPU (copy_'s CUDA kernel):
/// converts on the side that holds the data, then one cudaMemcpy.
Tensor& copyCuda_(Tensor& dst, const Tensor& src);
Tensor toDtypeCuda(const Tensor& self, ScalarType dtype);
Tensor contiguousCuda(const Tensor& self);

}  // namespace ch06
}  // namespace mini
