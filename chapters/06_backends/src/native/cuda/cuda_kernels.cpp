// The CUDA backend's Tensor-level kernels, in plain C++: the shapes, dtypes
// and allocations of output_meta.h, then a launcher from the .cu files.
#include "mini/native/cuda/cuda_kernels.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/ranges.h>

#include "mini/aten/dispatch_scalar_type.h"
#include "mini/aten/memory_overlap.h"
#include "mini/core/allocator.h"
#include "mini/generated/NativeFunctions.h"
#include "mini/native/cpu/cpu_kernels.h"
#include "mini/native/cuda/cuda_launchers.h"
#include "mini/native/elementwise_functors.h"
#include "mini/native/output_meta.h"
#include "mini/native/sum_dims.h"
#include "mini/util/checked_convert.h"

namespace mini {
inline namespace ch06 {

void throwCudaError(const char* call, const char* op, const char* errorName, const char* errorText) {
  throw std::runtime_error(
      fmt::format("CUDA error in {} (while running '{}'): {} ({})", call, op, errorText, errorName));
}

namespace {

// 1.13's CUDA kernels take Half and BFloat16 wherever they take float: the
// GPU computes them natively (__half, __nv_bfloat16; cuda_reduced_float.cuh).
using CudaArithmeticTypes = AllTypesAnd<ScalarType::Bool, ScalarType::Half, ScalarType::BFloat16>;
using CudaAllTypes = AllTypesAnd<ScalarType::Half, ScalarType::BFloat16>;
using CudaFloatingTypes = FloatingTypesAnd<ScalarType::Half, ScalarType::BFloat16>;

// [cuda_allocator]
// cudaMalloc on the tensor's device; the DataPtr frees with cudaFree. It
// registers itself when this file is linked in: a CUDA build needs no other
// edit for CUDA tensors to get device memory.
class CudaAllocator final : public Allocator {
 public:
  DataPtr allocate(std::size_t nbytes, Device device) override {
    if (nbytes == 0) {
      return DataPtr(nullptr, &cudaFreeBytes, device);
    }
    return DataPtr(cudaAllocateBytes(nbytes, device.index < 0 ? 0 : device.index, "empty"), &cudaFreeBytes, device);
  }
};

const bool registered = [] {
  static CudaAllocator allocator;
  setAllocator(DeviceType::CUDA, &allocator);
  return true;
}();
// [cuda_allocator]

CudaGeometry geometryOf(const Sizes& shape, bool contiguous, const char* op) {
  if (shape.size() > static_cast<std::size_t>(kMaxCudaDims)) {
    throw std::invalid_argument(
        fmt::format("{}: CUDA kernels here take at most {} dimensions, got {}", op, kMaxCudaDims, shape.size()));
  }
  CudaGeometry geometry;
  geometry.rank = static_cast<int>(shape.size());
  geometry.numel = numelOf(shape);
  geometry.contiguous = contiguous;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    geometry.sizes[d] = shape[d];
  }
  return geometry;
}

CudaStrides stridesIn(const Tensor& tensor, const Sizes& shape) {
  CudaStrides strides;
  const Strides expanded = expandedStrides(tensor.sizes(), tensor.strides(), shape);
  for (std::size_t d = 0; d < expanded.size() && d < static_cast<std::size_t>(kMaxCudaDims); ++d) {
    strides.values[d] = expanded[d];
  }
  return strides;
}

// Laid out as a fresh contiguous tensor of `shape`: the flat, vectorised path.
bool flatIn(const Tensor& tensor, const Sizes& shape) { return tensor.sizes() == shape && tensor.isContiguous(); }

template <class T>
T* dataOf(const Tensor& tensor) {
  return static_cast<T*>(tensor.rawData());
}

// The CUDA launchers write a contiguous output: a strided out= or in-place
// tensor would need a strided store, which this chapter leaves out.
void checkContiguousOutput(const Tensor& out, const char* op) {
  if (!out.isContiguous()) {
    throw std::invalid_argument(fmt::format("{}: this chapter's CUDA kernels write contiguous outputs only", op));
  }
}

// The result computed in the common dtype, into an out= tensor of another
// dtype: a converting copy (nothing when they are one tensor).
void castInto(const Tensor& out, const Tensor& computed) {
  if (!computed.isSameAs(out)) {
    Tensor destination = out;
    copyCuda_(destination, computed);
  }
}

// A CPU scalar beside CUDA operands (a Python number, wrapped, or any 0-d CPU
// tensor as `other`): 1.13's TensorIterator reads it on the host and passes
// its value to the kernel; here it is copied to the GPU first. Its dtype's
// rank in promotion is read from the tensor given, before the copy.
Tensor onDevice(const Tensor& tensor, Device device) {
  if (tensor.device() == device) {
    return tensor;
  }
  Tensor copy = emptyTensor(tensor.sizes(), {tensor.dtype(), device});
  return copyCuda_(copy, tensor);
}

// [binary_cuda]
template <template <class> class Op, class Types>
void binaryIntoCuda(const Tensor& out, const Tensor& self, const Tensor& other, const char* op,
                    IntegerInputs integers = IntegerInputs::KeepIntegral) {
  checkContiguousOutput(out, op);
  const Sizes& shape = out.sizes();
  // In the operands' common dtype, cast into an out= of another (as on the CPU).
  const ScalarType common = commonDtype(self, other, integers);
  const Tensor a = toDtypeCuda(self, common);
  const Tensor b = toDtypeCuda(onDevice(other, out.device()), common);
  const Tensor into = out.dtype() == common ? out : emptyTensor(shape, {common, out.device()});
  const CudaGeometry geometry = geometryOf(shape, flatIn(a, shape) && flatIn(b, shape), op);
  MINI_DISPATCH_SWITCH(Types, common, op, [&] {
    launchBinaryCuda<Op, scalar_t>(geometry, dataOf<scalar_t>(into), dataOf<const scalar_t>(a), stridesIn(a, shape),
                                   dataOf<const scalar_t>(b), stridesIn(b, shape), op);
  });
  castInto(out, into);
}

template <template <class> class Op, class Types>
Tensor binaryCuda(const Tensor& self, const Tensor& other, const char* op,
                  IntegerInputs integers = IntegerInputs::KeepIntegral) {
  Tensor out = emptyLike(binaryMeta(self, other, op, integers), self.device());
  binaryIntoCuda<Op, Types>(out, self, other, op, integers);
  return out;
}
// [binary_cuda]

template <template <class> class Op, class Types>
void unaryIntoCuda(const Tensor& out, const Tensor& self, const char* op,
                   IntegerInputs integers = IntegerInputs::KeepIntegral) {
  checkContiguousOutput(out, op);
  const Sizes& shape = out.sizes();
  const ScalarType common = commonDtype(self, integers);
  const Tensor a = toDtypeCuda(self, common);
  const Tensor into = out.dtype() == common ? out : emptyTensor(shape, {common, out.device()});
  const CudaGeometry geometry = geometryOf(shape, flatIn(a, shape), op);
  MINI_DISPATCH_SWITCH(Types, common, op, [&] {
    launchUnaryCuda<Op, scalar_t>(geometry, dataOf<scalar_t>(into), dataOf<const scalar_t>(a), stridesIn(a, shape), op);
  });
  castInto(out, into);
}

template <template <class> class Op, class Types>
Tensor unaryCuda(const Tensor& self, const char* op, IntegerInputs integers = IntegerInputs::KeepIntegral) {
  Tensor out = emptyLike(unaryMeta(self, integers), self.device());
  unaryIntoCuda<Op, Types>(out, self, op, integers);
  return out;
}

// A strided (or converting) copy of `self` into a new contiguous tensor.
Tensor castCuda(const Tensor& self, ScalarType dtype, const char* op) {
  Tensor out = emptyTensor(self.sizes(), {dtype, self.device()});
  const CudaGeometry geometry = geometryOf(self.sizes(), false, op);
  MINI_DISPATCH_SWITCH(CudaArithmeticTypes, dtype, op, [&] {
    dispatchScalarType(CudaArithmeticTypes{}, self.dtype(), op, [&]<class src_t>() {
      launchCastCuda<scalar_t, src_t>(geometry, dataOf<scalar_t>(out), dataOf<const src_t>(self),
                                      stridesIn(self, self.sizes()), op);
    });
  });
  return out;
}

}  // namespace

CudaAvailability cudaAvailability() {
  CudaAvailability availability;
  availability.devices = cudaDeviceCountWithReason(availability.reason);
  return availability;
}

bool builtWithCuda() { return true; }

// [add_cuda]
Tensor addCuda(const Tensor& self, const Tensor& other) {
  return binaryCuda<AddOp, CudaArithmeticTypes>(self, other, "add");
}
// [add_cuda]
Tensor subCuda(const Tensor& self, const Tensor& other) { return binaryCuda<SubOp, CudaAllTypes>(self, other, "sub"); }
Tensor mulCuda(const Tensor& self, const Tensor& other) {
  return binaryCuda<MulOp, CudaArithmeticTypes>(self, other, "mul");
}
Tensor divCuda(const Tensor& self, const Tensor& other) {
  return binaryCuda<DivOp, CudaFloatingTypes>(self, other, "div", IntegerInputs::PromoteToFloat);
}
Tensor negCuda(const Tensor& self) { return unaryCuda<NegOp, CudaAllTypes>(self, "neg"); }
Tensor reluCuda(const Tensor& self) { return unaryCuda<ReluOp, CudaAllTypes>(self, "relu"); }
Tensor expCuda(const Tensor& self) {
  return unaryCuda<ExpOp, CudaFloatingTypes>(self, "exp", IntegerInputs::PromoteToFloat);
}
Tensor reluBackwardCuda(const Tensor& grad, const Tensor& result) {
  return binaryCuda<ReluBackwardOp, CudaAllTypes>(grad, result, "threshold_backward");
}

Tensor sumCuda(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim) {
  const OutputMeta meta = sumMeta(self, dim, keepdim);
  Tensor out = emptyLike(meta, self.device());
  const Tensor input = contiguousCuda(toDtypeCuda(self, meta.dtype));
  MINI_DISPATCH_SWITCH(CudaAllTypes, meta.dtype, "sum", [&] {
    if (!dim || self.dim() == 0) {
      launchSumAllCuda<scalar_t>(dataOf<const scalar_t>(input), input.numel(), dataOf<scalar_t>(out), "sum");
      return;
    }
    const auto d = static_cast<std::size_t>(wrapDim(*dim, self.dim()));
    const std::int64_t reduced = self.sizes()[d];
    const std::int64_t inner =
        numelOf(Sizes(self.sizes().begin() + static_cast<std::ptrdiff_t>(d) + 1, self.sizes().end()));
    launchSumDimCuda<scalar_t>(dataOf<const scalar_t>(input), out.numel() / std::max<std::int64_t>(inner, 1), reduced,
                               inner, dataOf<scalar_t>(out), "sum");
  });
  return out;
}

Tensor sumAllCuda(const Tensor& self) { return sumCuda(self); }

Tensor matmulCuda(const Tensor& self, const Tensor& other) {
  Tensor out = emptyLike(matmulMeta(self, other), self.device());
  matmulIntoCuda(out, self, other);
  return out;
}

void matmulIntoCuda(const Tensor& out, const Tensor& self, const Tensor& other) {
  checkContiguousOutput(out, "matmul");
  const Tensor a = contiguousCuda(self);
  const Tensor b = contiguousCuda(other);
  MINI_DISPATCH_SWITCH(CudaAllTypes, out.dtype(), "matmul", [&] {
    launchMatmulCuda<scalar_t>(dataOf<const scalar_t>(a), dataOf<const scalar_t>(b), dataOf<scalar_t>(out),
                               a.sizes()[0], a.sizes()[1], b.sizes()[1], "matmul");
  });
}

Tensor& fillCuda_(Tensor& self, double value) {
  checkConvertible(value, self.dtype(), "fill_");
  return arangeFillCuda_(self, value, 0.0);
}

Tensor& arangeFillCuda_(Tensor& self, double start, double step) {
  if (!self.isContiguous()) {
    throw std::invalid_argument("fill_: this chapter's CUDA fill writes contiguous tensors only");
  }
  MINI_DISPATCH_SWITCH(CudaArithmeticTypes, self.dtype(), "fill_",
                       [&] { launchArangeCuda<scalar_t>(dataOf<scalar_t>(self), self.numel(), start, step, "fill_"); });
  return self;
}

Tensor toDtypeCuda(const Tensor& self, ScalarType dtype) {
  return self.dtype() == dtype ? self : castCuda(self, dtype, "to");
}

Tensor contiguousCuda(const Tensor& self) {
  return self.isContiguous() ? self : castCuda(self, self.dtype(), "contiguous");
}

// [copy_cuda]
Tensor& copyCuda_(Tensor& dst, const Tensor& src) {
  if (isSameData(dst, src)) {
    return dst;  // 1.13's copy_impl, as copyCpu_
  }
  computeMemOverlaps(dst, src);
  if (dst.sizes() != src.sizes()) {
    throw std::invalid_argument(fmt::format("copy_: CUDA copies take equal sizes, got [{}] and [{}]",
                                            fmt::join(dst.sizes(), ", "), fmt::join(src.sizes(), ", ")));
  }
  // Convert the dtype where the data is, so one cudaMemcpy finishes the job.
  const Tensor source = src.device().isCuda() ? contiguousCuda(toDtypeCuda(src, dst.dtype()))
                                              : contiguousCpu(toDtypeCpu(src, dst.dtype()));
  Tensor staged = dst.isContiguous() ? dst : emptyTensor(dst.sizes(), dst.options());
  const auto nbytes = static_cast<std::size_t>(dst.numel()) * itemSize(dst.dtype());
  if (nbytes != 0) {
    const CudaCopyKind kind = !src.device().isCuda()   ? CudaCopyKind::HostToDevice
                              : !dst.device().isCuda() ? CudaCopyKind::DeviceToHost
                                                       : CudaCopyKind::DeviceToDevice;
    cudaCopyBytes(staged.rawData(), source.rawData(), nbytes, kind, "copy_");
  }
  if (!staged.isSameAs(dst)) {
    if (!dst.device().isCpu()) {
      throw std::invalid_argument("copy_: a strided CUDA destination is not supported here");
    }
    copyCpu_(dst, staged);
  }
  return dst;
}
// [copy_cuda]

namespace {

/// A contiguous tensor seen as [outer, reduced, inner] around dimension
/// `dim` (a 0-d tensor is one row of one element; no dim, one row of all).
struct AroundDim {
  std::int64_t outer = 1;
  std::int64_t reduced = 1;
  std::int64_t inner = 1;
};

AroundDim aroundDim(const Tensor& self, std::optional<std::int64_t> dim) {
  if (!dim) {
    return {1, self.numel(), 1};
  }
  if (self.dim() == 0) {
    return {};
  }
  const auto d = static_cast<std::size_t>(wrapDim(*dim, self.dim()));
  const Sizes& sizes = self.sizes();
  return {numelOf(Sizes(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(d))), sizes[d],
          numelOf(Sizes(sizes.begin() + static_cast<std::ptrdiff_t>(d) + 1, sizes.end()))};
}

/// `out` itself where a kernel can write it (contiguous), else a contiguous
/// tensor of its shape and dtype that castInto copies back.
Tensor writableOutput(const Tensor& out) { return out.isContiguous() ? out : emptyTensor(out.sizes(), out.options()); }

}  // namespace

// argmax's loop on the GPU (1.13's argmax_kernel_cuda), after the impl()'s
// device-independent part (src/native/cpu/cpu_kernels.cpp: a dimension of
// size 1, an empty result). The dtype error is named "argmax_cuda", as 1.13's.
void argmaxIntoCuda(const Tensor& out, const Tensor& self, std::optional<std::int64_t> dim) {
  const Tensor input = contiguousCuda(self);
  const AroundDim shape = aroundDim(input, dim);
  Tensor result = out.dtype() == ScalarType::Long ? writableOutput(out)
                                                  : emptyTensor(out.sizes(), {ScalarType::Long, out.device()});
  MINI_DISPATCH_SWITCH(CudaAllTypes, input.dtype(), "argmax_cuda", [&] {
    launchArgmaxCuda<scalar_t>(dataOf<const scalar_t>(input), shape.outer, shape.reduced, shape.inner,
                               dataOf<std::int64_t>(result), "argmax");
  });
  castInto(out, result);
}

// The comparisons on the GPU, as comparisonIntoCpu: in the operands' common
// dtype (read before a CPU scalar is copied over), into bools, cast into an
// out= of another dtype.
void comparisonIntoCuda(const Tensor& out, const Tensor& self, const Tensor& other, Comparison which) {
  const char* op = comparisonName(which);
  checkContiguousOutput(out, op);
  const Sizes& shape = out.sizes();
  const ScalarType common = commonDtype(self, other);
  const Tensor a = toDtypeCuda(self, common);
  const Tensor b = toDtypeCuda(onDevice(other, out.device()), common);
  const Tensor into = out.dtype() == ScalarType::Bool ? out : emptyTensor(shape, {ScalarType::Bool, out.device()});
  const CudaGeometry geometry = geometryOf(shape, false, op);
  MINI_DISPATCH_SWITCH(CudaArithmeticTypes, common, op, [&] {
    launchComparisonCuda<scalar_t>(which, geometry, dataOf<bool>(into), dataOf<const scalar_t>(a), stridesIn(a, shape),
                                   dataOf<const scalar_t>(b), stridesIn(b, shape), op);
  });
  castInto(out, into);
}

// add's and sub's alpha on the GPU: `other` itself where alpha is 1 (every
// call that gives none), else alpha * other in the operands' common dtype,
// a second launch before the add. Each step rounds, as the CPU loop's
// product and sum do; 1.13's CUDA kernel computes a + alpha * b in one
// fused step in float, so for alpha other than 1 the last bit can differ.
namespace {
Tensor scaledByAlpha(const Tensor& self, const Tensor& other, const Scalar& alpha, const char* op) {
  if (alpha == Scalar(1) || alpha == Scalar(1.0) || alpha == Scalar(true)) {
    return other;
  }
  const ScalarType common = commonDtype(self, other, IntegerInputs::KeepIntegral);
  Tensor alphaOnDevice = emptyTensor({}, {common, other.device()});
  checkConvertible(alpha.toDouble(), common, op);
  arangeFillCuda_(alphaOnDevice, alpha.toDouble(), 0.0);
  return binaryCuda<MulOp, CudaArithmeticTypes>(toDtypeCuda(onDevice(other, self.device()), common), alphaOnDevice, op);
}
}  // namespace

// [structured_cuda]
// The impl() of every structured CUDA kernel in ops.yaml (the generated
// RegisterCUDA.cpp calls them after meta()).
void structured_ufunc_add_CUDA::impl(const Tensor& self, const Tensor& other, const Scalar& alpha, const Tensor& out) {
  binaryIntoCuda<AddOp, CudaArithmeticTypes>(out, self, scaledByAlpha(self, other, alpha, "add"), "add");
}
// [structured_cuda]
void structured_sub_out_cuda::impl(const Tensor& self, const Tensor& other, const Scalar& alpha, const Tensor& out) {
  binaryIntoCuda<SubOp, CudaAllTypes>(out, self, scaledByAlpha(self, other, alpha, "sub"), "sub");
}
void structured_mul_out_cuda::impl(const Tensor& self, const Tensor& other, const Tensor& out) {
  binaryIntoCuda<MulOp, CudaArithmeticTypes>(out, self, other, "mul");
}
void structured_div_out_cuda::impl(const Tensor& self, const Tensor& other, const Tensor& out) {
  binaryIntoCuda<DivOp, CudaFloatingTypes>(out, self, other, "div", IntegerInputs::PromoteToFloat);
}
void structured_neg_out_cuda::impl(const Tensor& self, const Tensor& out) {
  unaryIntoCuda<NegOp, CudaAllTypes>(out, self, "neg");
}
void structured_relu_out_cuda::impl(const Tensor& self, const Tensor& out) {
  unaryIntoCuda<ReluOp, CudaAllTypes>(out, self, "relu");
}
void structured_exp_out_cuda::impl(const Tensor& self, const Tensor& out) {
  unaryIntoCuda<ExpOp, CudaFloatingTypes>(out, self, "exp", IntegerInputs::PromoteToFloat);
}
void structured_sigmoid_out_cuda::impl(const Tensor& self, const Tensor& out) {
  unaryIntoCuda<SigmoidOp, CudaFloatingTypes>(out, self, "sigmoid", IntegerInputs::PromoteToFloat);
}
void structured_sigmoid_backward_out_cuda::impl(const Tensor& grad_output, const Tensor& output,
                                                const Tensor& grad_input) {
  binaryIntoCuda<SigmoidBackwardOp, CudaFloatingTypes>(grad_input, grad_output, output, "sigmoid_backward");
}
void structured_sum_out_cuda::impl(const Tensor& self, const std::vector<std::int64_t>& dim, bool keepdim,
                                   const Tensor& out) {
  // In the output's dtype from the start, as on the CPU (make_reduction's conversion).
  const Tensor sum = sumAlongDims(toDtypeCuda(self, out.dtype()), dim, keepdim,
                                  [](const Tensor& t, std::int64_t d, bool keep) { return sumCuda(t, d, keep); });
  Tensor destination = out;
  copyCuda_(destination, sum);
}
void structured_matmul_out_cuda::impl(const Tensor& self, const Tensor& other, const Tensor& out) {
  matmulIntoCuda(out, self, other);
}

// 1.13's log_softmax_cuda_out (SoftMax.cu, host_softmax): half_to_float
// takes a Half input to a float32 result (the CPU kernel refuses it); an
// empty input runs no loop, so refuses no dtype; the dtype error is named
// "host_softmax", as 1.13's.
void structured_log_softmax_cuda_out::impl(const Tensor& self, std::int64_t dim, bool half_to_float,
                                           const Tensor& out) {
  if (half_to_float && self.dtype() != ScalarType::Half) {
    throw std::invalid_argument("conversion is supported for Half type only");
  }
  checkSameDevice("_log_softmax", {&self, &out});
  if (self.numel() == 0) {
    return;
  }
  const Tensor input = contiguousCuda(self);
  const AroundDim shape = aroundDim(input, dim);
  Tensor result = writableOutput(out);
  if (half_to_float) {
    launchLogSoftmaxCuda<Half, float>(dataOf<const Half>(input), dataOf<float>(result), shape.outer, shape.reduced,
                                      shape.inner, "_log_softmax");
  } else {
    MINI_DISPATCH_SWITCH(CudaFloatingTypes, input.dtype(), "host_softmax", [&] {
      launchLogSoftmaxCuda<scalar_t, scalar_t>(dataOf<const scalar_t>(input), dataOf<scalar_t>(result), shape.outer,
                                               shape.reduced, shape.inner, "_log_softmax");
    });
  }
  castInto(out, result);
}

// 1.13's log_softmax_backward_cuda_out: an input_dtype other than grad's is
// half_to_float's backward (float grad, Half input) or refused, which the
// CPU kernel does not check. An empty grad or output writes zeros, as the
// course's CPU kernel does (1.13 leaves the memory as it was).
void structured_log_softmax_backward_cuda_out::impl(const Tensor& grad_output, const Tensor& output, std::int64_t dim,
                                                    ScalarType input_dtype, const Tensor& out) {
  const bool half_to_float = grad_output.dtype() != input_dtype;
  if (half_to_float && !(grad_output.dtype() == ScalarType::Float && input_dtype == ScalarType::Half)) {
    throw std::invalid_argument(
        "expected input and grad types to match, or input to be at::Half and grad to be at::Float");
  }
  checkSameDevice("_log_softmax_backward_data", {&grad_output, &output, &out});
  if (grad_output.numel() == 0 || output.numel() == 0) {
    Tensor destination = out;
    fillCuda_(destination, 0.0);
    return;
  }
  if (output.dtype() != grad_output.dtype()) {
    // What the CPU kernel's typed read of output says (Tensor::dataPtr).
    throw std::invalid_argument(fmt::format("expected scalar type {} but found {}",
                                            scalarTypeCName(grad_output.dtype()), scalarTypeCName(output.dtype())));
  }
  const Tensor grad = contiguousCuda(grad_output);
  const Tensor y = contiguousCuda(output);
  const AroundDim shape = aroundDim(grad, dim);
  Tensor result = writableOutput(out);
  if (half_to_float) {
    launchLogSoftmaxBackwardCuda<float, Half>(dataOf<const float>(grad), dataOf<const float>(y), dataOf<Half>(result),
                                              shape.outer, shape.reduced, shape.inner, "_log_softmax_backward_data");
  } else {
    MINI_DISPATCH_SWITCH(CudaFloatingTypes, out.dtype(), "host_softmax_backward", [&] {
      launchLogSoftmaxBackwardCuda<scalar_t, scalar_t>(dataOf<const scalar_t>(grad), dataOf<const scalar_t>(y),
                                                       dataOf<scalar_t>(result), shape.outer, shape.reduced,
                                                       shape.inner, "_log_softmax_backward_data");
    });
  }
  castInto(out, result);
}

}  // namespace ch06
}  // namespace mini
