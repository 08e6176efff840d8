#pragma once
/// \file
/// \brief The boundary between C++ and CUDA: what the .cu files export.
///
/// nvcc compiles the .cu files; it cannot compile fmt (and does not need
/// Tensor). So the .cu files see only raw pointers, sizes and strides, and
/// export one launcher per operator as a template explicitly instantiated
/// for each element type; src/native/cuda/cuda_kernels.cpp, plain C++, does the
/// Tensor work (shapes, dtypes, allocation) and calls them. This header
/// includes nothing that nvcc cannot compile.

#include <cstddef>
#include <cstdint>
#include <string>

namespace mini {
inline namespace ch06 {

/// Dimensions a CUDA elementwise kernel handles: the geometry travels to the
/// GPU by value, as a kernel argument, so it has a fixed size.
inline constexpr int kMaxCudaDims = 8;

/// The iteration shape of an elementwise kernel, and each operand's strides
/// in it (0 where broadcast), in elements.
struct CudaGeometry {
  int rank = 0;
  std::int64_t numel = 0;
  std::int64_t sizes[kMaxCudaDims] = {};
  /// All operands contiguous in this shape: the kernel may index flatly.
  bool contiguous = false;
};

struct CudaStrides {
  std::int64_t values[kMaxCudaDims] = {};
};

/// Elementwise launchers: out = Op<T>(a, b) / Op<T>(a). `op` names the
/// operator in error messages.
template <template <class> class Op, class T>
void launchBinaryCuda(const CudaGeometry& geometry, T* out, const T* a, CudaStrides aStrides, const T* b,
                      CudaStrides bStrides, const char* op);
template <template <class> class Op, class T>
void launchUnaryCuda(const CudaGeometry& geometry, T* out, const T* a, CudaStrides aStrides, const char* op);
/// out = static_cast<To>(in): dtype conversion on the device.
template <class To, class From>
void launchCastCuda(const CudaGeometry& geometry, To* out, const From* in, CudaStrides inStrides, const char* op);
/// out[i] = start + i * step (fill is step 0).
template <class T>
void launchArangeCuda(T* out, std::int64_t numel, double start, double step, const char* op);

/// Sums of contiguous input: all elements into *out, or [outer, reduced,
/// inner] into [outer, inner].
template <class T>
void launchSumAllCuda(const T* in, std::int64_t numel, T* out, const char* op);
template <class T>
void launchSumDimCuda(const T* in, std::int64_t outer, std::int64_t reduced, std::int64_t inner, T* out,
                      const char* op);
/// The six comparisons, out = (a compared with b) into bools, in a and b's common type.
enum class Comparison { Eq, Ne, Lt, Le, Gt, Ge };
/// Its operator's name: "eq", ..., "ge".
constexpr const char* comparisonName(Comparison which) {
  constexpr const char* kNames[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  return kNames[static_cast<int>(which)];
}
template <class T>
void launchComparisonCuda(Comparison which, const CudaGeometry& geometry, bool* out, const T* a, CudaStrides aStrides,
                          const T* b, CudaStrides bStrides, const char* op);
/// Along one dimension of a contiguous input seen as [outer, reduced, inner],
/// into a contiguous [outer, inner] (argmax's int64 indices) or the input's
/// shape (log_softmax, its backward; In and Out differ for half_to_float).
template <class T>
void launchArgmaxCuda(const T* in, std::int64_t outer, std::int64_t reduced, std::int64_t inner, std::int64_t* out,
                      const char* op);
template <class In, class Out>
void launchLogSoftmaxCuda(const In* in, Out* out, std::int64_t outer, std::int64_t reduced, std::int64_t inner,
                          const char* op);
template <class In, class Out>
void launchLogSoftmaxBackwardCuda(const In* grad, const In* output, Out* gradInput, std::int64_t outer,
                                  std::int64_t reduced, std::int64_t inner, const char* op);

/// C[n, m] = A[n, k] @ B[k, m], contiguous, tiled through shared memory.
template <class T>
void launchMatmulCuda(const T* a, const T* b, T* c, std::int64_t n, std::int64_t k, std::int64_t m, const char* op);

/// Device memory and copies; `op` names the operator that asked.
void* cudaAllocateBytes(std::size_t nbytes, int device, const char* op);
void cudaFreeBytes(void* data);
enum class CudaCopyKind { HostToDevice, DeviceToHost, DeviceToDevice };
void cudaCopyBytes(void* dst, const void* src, std::size_t nbytes, CudaCopyKind kind, const char* op);

/// How many GPUs there are; 0 with `reason` set to what the runtime said
/// ("no CUDA device: cudaGetDeviceCount returned cudaErrorNoDevice (...)").
int cudaDeviceCountWithReason(std::string& reason);

/// Called by the .cu files on any failed CUDA call; throws a std::runtime_error
/// naming the call, the operator and the runtime's error (defined in C++, so
/// that the message can use fmt).
[[noreturn]] void throwCudaError(const char* call, const char* op, const char* errorName, const char* errorText);

}  // namespace ch06
}  // namespace mini
