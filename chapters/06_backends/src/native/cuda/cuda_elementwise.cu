// The elementwise CUDA kernels: one thread per element (or per vector of
// elements), grid-stride loops, the arithmetic from elementwise_functors.h.
#include <cstdint>

#include "cuda_check.cuh"
#include "cuda_reduced_float.cuh"
#include "mini/native/elementwise_functors.h"

namespace mini {
inline namespace ch06 {

namespace {

// [grid_stride]
// The element index of this thread, and how far all threads of the grid
// together advance. A grid-stride loop handles any n with any grid size: a
// capped grid of 65535 blocks still covers a billion elements.
__device__ std::int64_t firstIndex() { return static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; }
__device__ std::int64_t gridStride() { return static_cast<std::int64_t>(gridDim.x) * blockDim.x; }
// [grid_stride]

// Offset in elements of linear index i of the iteration shape in an operand
// with `strides`: peel the last index off first, as in the CPU odometer.
__device__ std::int64_t offsetOf(std::int64_t i, const CudaGeometry& geometry, const CudaStrides& strides) {
  std::int64_t offset = 0;
  for (int d = geometry.rank - 1; d >= 0; --d) {
    offset += (i % geometry.sizes[d]) * strides.values[d];
    i /= geometry.sizes[d];
  }
  return offset;
}

// [strided_kernel]
template <class Out, class In, class Op>
__global__ void unaryStridedKernel(CudaGeometry geometry, Out* out, const In* a, CudaStrides aStrides, Op op) {
  for (std::int64_t i = firstIndex(); i < geometry.numel; i += gridStride()) {
    out[i] = op(a[offsetOf(i, geometry, aStrides)]);
  }
}

template <class T, class Op>
__global__ void binaryStridedKernel(CudaGeometry geometry, T* out, const T* a, CudaStrides aStrides, const T* b,
                                    CudaStrides bStrides, Op op) {
  for (std::int64_t i = firstIndex(); i < geometry.numel; i += gridStride()) {
    out[i] = op(a[offsetOf(i, geometry, aStrides)], b[offsetOf(i, geometry, bStrides)]);
  }
}
// [strided_kernel]

// [vectorized_kernel]
// 16 bytes per load: four floats, two doubles. One 128-bit load instruction
// instead of four 32-bit ones, when the pointers are 16-byte aligned
// (cudaMalloc's are; a view at an odd offset is not, and takes the strided
// kernel). The last n % kWidth elements are done one by one.
template <class T>
struct alignas(16) Vector16 {
  static constexpr int kWidth = 16 / sizeof(T);
  T lanes[kWidth];
};

template <class T, class Op>
__global__ void binaryVectorizedKernel(std::int64_t n, T* out, const T* a, const T* b, Op op) {
  using V = Vector16<T>;
  const std::int64_t vectors = n / V::kWidth;
  for (std::int64_t v = firstIndex(); v < vectors; v += gridStride()) {
    const V left = reinterpret_cast<const V*>(a)[v];
    const V right = reinterpret_cast<const V*>(b)[v];
    V result;
#pragma unroll
    for (int lane = 0; lane < V::kWidth; ++lane) {
      result.lanes[lane] = op(left.lanes[lane], right.lanes[lane]);
    }
    reinterpret_cast<V*>(out)[v] = result;
  }
  for (std::int64_t i = vectors * V::kWidth + firstIndex(); i < n; i += gridStride()) {
    out[i] = op(a[i], b[i]);
  }
}
// [vectorized_kernel]

template <class T, class Op>
__global__ void unaryVectorizedKernel(std::int64_t n, T* out, const T* a, Op op) {
  using V = Vector16<T>;
  const std::int64_t vectors = n / V::kWidth;
  for (std::int64_t v = firstIndex(); v < vectors; v += gridStride()) {
    const V input = reinterpret_cast<const V*>(a)[v];
    V result;
#pragma unroll
    for (int lane = 0; lane < V::kWidth; ++lane) {
      result.lanes[lane] = op(input.lanes[lane]);
    }
    reinterpret_cast<V*>(out)[v] = result;
  }
  for (std::int64_t i = vectors * V::kWidth + firstIndex(); i < n; i += gridStride()) {
    out[i] = op(a[i]);
  }
}

template <class T>
__global__ void arangeKernel(T* out, std::int64_t n, double start, double step) {
  for (std::int64_t i = firstIndex(); i < n; i += gridStride()) {
    out[i] = static_cast<T>(start + static_cast<double>(i) * step);
  }
}

// A two-byte float goes through float on either side, as c10's conversions do.
template <class To, class From>
struct CastOp {
  __host__ __device__ To operator()(From value) const {
    if constexpr (isNativeReduced<To> || isNativeReduced<From>) {
      return static_cast<To>(static_cast<float>(value));
    } else {
      return static_cast<To>(value);
    }
  }
};

bool aligned16(const void* pointer) { return reinterpret_cast<std::uintptr_t>(pointer) % 16 == 0; }

constexpr int kThreads = 256;

// The vectorized kernels need one thread per 16-byte vector (the few tail
// elements go to the first threads). One thread per element, as the strided
// kernels have, left three blocks in four of a float add with nothing to do:
// on an H100 that was a fifth of a 16 Mi add's time (bench/bench_cuda).
template <class T>
unsigned vectorizedBlocksFor(std::int64_t numel) {
  return blocksFor((numel + Vector16<T>::kWidth - 1) / Vector16<T>::kWidth, kThreads);
}

}  // namespace

// [launch_binary]
template <template <class> class Op, class Host>
void launchBinaryCuda(const CudaGeometry& geometry, Host* hostOut, const Host* hostA, CudaStrides aStrides,
                      const Host* hostB, CudaStrides bStrides, const char* op) {
  if (geometry.numel == 0) {
    return;
  }
  // mini::Half's kernels run on __half (cuda_reduced_float.cuh).
  using T = NativeCudaTypeOf<Host>;
  T* out = asNative(hostOut);
  const T* a = asNative(hostA);
  const T* b = asNative(hostB);
  if (geometry.contiguous && aligned16(out) && aligned16(a) && aligned16(b)) {
    binaryVectorizedKernel<<<vectorizedBlocksFor<T>(geometry.numel), kThreads>>>(geometry.numel, out, a, b, Op<T>{});
    checkLaunch("binaryVectorizedKernel", op);
  } else {
    binaryStridedKernel<<<blocksFor(geometry.numel, kThreads), kThreads>>>(geometry, out, a, aStrides, b, bStrides,
                                                                           Op<T>{});
    checkLaunch("binaryStridedKernel", op);
  }
}
// [launch_binary]

template <template <class> class Op, class Host>
void launchUnaryCuda(const CudaGeometry& geometry, Host* hostOut, const Host* hostA, CudaStrides aStrides,
                     const char* op) {
  if (geometry.numel == 0) {
    return;
  }
  using T = NativeCudaTypeOf<Host>;
  T* out = asNative(hostOut);
  const T* a = asNative(hostA);
  if (geometry.contiguous && aligned16(out) && aligned16(a)) {
    unaryVectorizedKernel<<<vectorizedBlocksFor<T>(geometry.numel), kThreads>>>(geometry.numel, out, a, Op<T>{});
    checkLaunch("unaryVectorizedKernel", op);
  } else {
    unaryStridedKernel<<<blocksFor(geometry.numel, kThreads), kThreads>>>(geometry, out, a, aStrides, Op<T>{});
    checkLaunch("unaryStridedKernel", op);
  }
}

template <class To, class From>
void launchCastCuda(const CudaGeometry& geometry, To* out, const From* in, CudaStrides inStrides, const char* op) {
  if (geometry.numel == 0) {
    return;
  }
  unaryStridedKernel<<<blocksFor(geometry.numel, kThreads), kThreads>>>(
      geometry, asNative(out), asNative(in), inStrides, CastOp<NativeCudaTypeOf<To>, NativeCudaTypeOf<From>>{});
  checkLaunch("unaryStridedKernel<CastOp>", op);
}

template <class T>
void launchArangeCuda(T* out, std::int64_t numel, double start, double step, const char* op) {
  if (numel == 0) {
    return;
  }
  arangeKernel<<<blocksFor(numel, kThreads), kThreads>>>(asNative(out), numel, start, step);
  checkLaunch("arangeKernel", op);
}

namespace {

// The comparisons compare the values as they are (a __half as its float
// value), as the CPU's loops do: ne(nan, nan) is true, every other
// comparison with a NaN false.
template <class T, class Compare>
__global__ void comparisonStridedKernel(CudaGeometry geometry, bool* out, const T* a, CudaStrides aStrides, const T* b,
                                        CudaStrides bStrides, Compare compare) {
  using Value = CudaAccumulateType<T>;
  for (std::int64_t i = firstIndex(); i < geometry.numel; i += gridStride()) {
    out[i] = compare(static_cast<Value>(a[offsetOf(i, geometry, aStrides)]),
                     static_cast<Value>(b[offsetOf(i, geometry, bStrides)]));
  }
}

#define MINI_COMPARE_FUNCTOR(NAME, OP)           \
  struct NAME {                                  \
    template <class V>                           \
    __device__ bool operator()(V a, V b) const { \
      return a OP b;                             \
    }                                            \
  };
MINI_COMPARE_FUNCTOR(EqualTo, ==)
MINI_COMPARE_FUNCTOR(NotEqualTo, !=)
MINI_COMPARE_FUNCTOR(Less, <)
MINI_COMPARE_FUNCTOR(LessEqual, <=)
MINI_COMPARE_FUNCTOR(Greater, >)
MINI_COMPARE_FUNCTOR(GreaterEqual, >=)
#undef MINI_COMPARE_FUNCTOR

template <class T, class Compare>
void launchComparison(const CudaGeometry& geometry, bool* out, const T* a, CudaStrides aStrides, const T* b,
                      CudaStrides bStrides) {
  comparisonStridedKernel<<<blocksFor(geometry.numel, kThreads), kThreads>>>(geometry, out, a, aStrides, b, bStrides,
                                                                             Compare{});
}

}  // namespace

template <class Host>
void launchComparisonCuda(Comparison which, const CudaGeometry& geometry, bool* out, const Host* hostA,
                          CudaStrides aStrides, const Host* hostB, CudaStrides bStrides, const char* op) {
  if (geometry.numel == 0) {
    return;
  }
  using T = NativeCudaTypeOf<Host>;
  const T* a = asNative(hostA);
  const T* b = asNative(hostB);
  switch (which) {
    case Comparison::Eq: launchComparison<T, EqualTo>(geometry, out, a, aStrides, b, bStrides); break;
    case Comparison::Ne: launchComparison<T, NotEqualTo>(geometry, out, a, aStrides, b, bStrides); break;
    case Comparison::Lt: launchComparison<T, Less>(geometry, out, a, aStrides, b, bStrides); break;
    case Comparison::Le: launchComparison<T, LessEqual>(geometry, out, a, aStrides, b, bStrides); break;
    case Comparison::Gt: launchComparison<T, Greater>(geometry, out, a, aStrides, b, bStrides); break;
    case Comparison::Ge: launchComparison<T, GreaterEqual>(geometry, out, a, aStrides, b, bStrides); break;
  }
  checkLaunch("comparisonStridedKernel", op);
}

// The instantiations cuda_kernels.cpp calls: one per operator and dtype the
// operator supports (the same lists as the CPU kernels' dtype switches).
#define MINI_BINARY(OP, T)                                                                                     \
  template void launchBinaryCuda<OP, T>(const CudaGeometry&, T*, const T*, CudaStrides, const T*, CudaStrides, \
                                        const char*);
#define MINI_UNARY(OP, T) \
  template void launchUnaryCuda<OP, T>(const CudaGeometry&, T*, const T*, CudaStrides, const char*);
#define MINI_CAST(TO, FROM) \
  template void launchCastCuda<TO, FROM>(const CudaGeometry&, TO*, const FROM*, CudaStrides, const char*);
#define MINI_CAST_FROM_ALL(TO) \
  MINI_CAST(TO, bool)          \
  MINI_CAST(TO, std::int64_t) MINI_CAST(TO, float) MINI_CAST(TO, double) MINI_CAST(TO, Half) MINI_CAST(TO, BFloat16)
// Half and BFloat16 for each operator, as 1.13's CUDA kernels take both.
#define MINI_BINARY_REDUCED(OP) MINI_BINARY(OP, Half) MINI_BINARY(OP, BFloat16)
#define MINI_UNARY_REDUCED(OP) MINI_UNARY(OP, Half) MINI_UNARY(OP, BFloat16)

#define MINI_COMPARISON(T)                                                                                       \
  template void launchComparisonCuda<T>(Comparison, const CudaGeometry&, bool*, const T*, CudaStrides, const T*, \
                                        CudaStrides, const char*);
// One operator a line: the instantiations have no semicolons for
// clang-format to break at.
// clang-format off
MINI_BINARY(AddOp, bool) MINI_BINARY(AddOp, std::int64_t) MINI_BINARY(AddOp, float) MINI_BINARY(AddOp, double)
MINI_BINARY(MulOp, bool) MINI_BINARY(MulOp, std::int64_t) MINI_BINARY(MulOp, float) MINI_BINARY(MulOp, double)
MINI_BINARY(SubOp, std::int64_t) MINI_BINARY(SubOp, float) MINI_BINARY(SubOp, double)
MINI_BINARY(DivOp, float) MINI_BINARY(DivOp, double)
MINI_BINARY(ReluBackwardOp, std::int64_t) MINI_BINARY(ReluBackwardOp, float) MINI_BINARY(ReluBackwardOp, double)
MINI_UNARY(NegOp, std::int64_t) MINI_UNARY(NegOp, float) MINI_UNARY(NegOp, double)
MINI_UNARY(ReluOp, std::int64_t) MINI_UNARY(ReluOp, float) MINI_UNARY(ReluOp, double)
MINI_UNARY(ExpOp, float) MINI_UNARY(ExpOp, double)
MINI_UNARY(SigmoidOp, float) MINI_UNARY(SigmoidOp, double)
MINI_BINARY(SigmoidBackwardOp, float) MINI_BINARY(SigmoidBackwardOp, double)
MINI_COMPARISON(bool) MINI_COMPARISON(std::int64_t) MINI_COMPARISON(float) MINI_COMPARISON(double)
MINI_COMPARISON(Half) MINI_COMPARISON(BFloat16)
MINI_CAST_FROM_ALL(bool) MINI_CAST_FROM_ALL(std::int64_t) MINI_CAST_FROM_ALL(float) MINI_CAST_FROM_ALL(double)
MINI_CAST_FROM_ALL(Half) MINI_CAST_FROM_ALL(BFloat16)
MINI_BINARY_REDUCED(AddOp) MINI_BINARY_REDUCED(MulOp) MINI_BINARY_REDUCED(SubOp) MINI_BINARY_REDUCED(DivOp)
MINI_BINARY_REDUCED(ReluBackwardOp) MINI_UNARY_REDUCED(NegOp) MINI_UNARY_REDUCED(ReluOp) MINI_UNARY_REDUCED(ExpOp)
MINI_UNARY_REDUCED(SigmoidOp) MINI_BINARY_REDUCED(SigmoidBackwardOp)
    // clang-format on
    template void launchArangeCuda<bool>(bool*, std::int64_t, double, double, const char*);
template void launchArangeCuda<std::int64_t>(std::int64_t*, std::int64_t, double, double, const char*);
template void launchArangeCuda<float>(float*, std::int64_t, double, double, const char*);
template void launchArangeCuda<double>(double*, std::int64_t, double, double, const char*);
template void launchArangeCuda<Half>(Half*, std::int64_t, double, double, const char*);
template void launchArangeCuda<BFloat16>(BFloat16*, std::int64_t, double, double, const char*);

}  // namespace ch06
}  // namespace mini
