#include "mini/native/cpu/cpu_kernels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

#include <fmt/ranges.h>

#include "mini/aten/dispatch_scalar_type.h"
#include "mini/aten/memory_overlap.h"
#include "mini/aten/parallel.h"
#include "mini/aten/scalar_ops.h"
#include "mini/core/reduced_float.h"
#include "mini/core/shape.h"
#include "mini/core/type_promotion.h"
#include "mini/generated/NativeFunctions.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/cpu/elementwise_stubs.h"
#include "mini/native/cpu/kernel_dtypes.h"
#include "mini/native/cuda/cuda_kernels.h"
#include "mini/native/elementwise_functors.h"
#include "mini/native/output_meta.h"
#include "mini/native/sum_dims.h"
#include "mini/op_registration/library.h"
#include "mini/util/checked_convert.h"
#include "mini/util/operator_error.h"

namespace mini {
inline namespace ch06 {

// [define_dispatch]
// The stubs (ATen's DEFINE_DISPATCH), constant-initialized: their slots
// are empty, and null, before any kernel file's registration fills them.
constinit DispatchStub<structured_binary_fn_alpha> add_stub{"add_stub"};
// [define_dispatch]
constinit DispatchStub<structured_binary_fn> mul_stub{"mul_stub"};
constinit DispatchStub<structured_binary_fn> div_true_stub{"div_true_stub"};
constinit DispatchStub<structured_binary_fn> atan2_stub{"atan2_stub"};
constinit DispatchStub<structured_binary_fn> threshold_stub{"threshold_stub"};
constinit DispatchStub<structured_binary_fn> sigmoid_backward_stub{"sigmoid_backward_stub"};
constinit DispatchStub<structured_binary_fn> eq_stub{"eq_stub"};
constinit DispatchStub<structured_binary_fn> ne_stub{"ne_stub"};
constinit DispatchStub<structured_binary_fn> lt_stub{"lt_stub"};
constinit DispatchStub<structured_binary_fn> le_stub{"le_stub"};
constinit DispatchStub<structured_binary_fn> gt_stub{"gt_stub"};
constinit DispatchStub<structured_binary_fn> ge_stub{"ge_stub"};
constinit DispatchStub<structured_unary_fn> neg_stub{"neg_stub"};
constinit DispatchStub<structured_unary_fn> clamp_min_scalar_stub{"clamp_min_scalar_stub"};
constinit DispatchStub<structured_unary_fn> exp_stub{"exp_stub"};
constinit DispatchStub<structured_unary_fn> sigmoid_stub{"sigmoid_stub"};
constinit DispatchStub<structured_unary_fn> sin_stub{"sin_stub"};
constinit DispatchStub<structured_unary_fn> cos_stub{"cos_stub"};

namespace {

// Operands of the elementwise loop, read through a tensor's strides as if
// it had the iteration shape.
template <class T>
StridedPointer<const T> inputOf(const Tensor& tensor, const Sizes& shape) {
  return {tensor.dataPtr<const T>(), expandedStrides(tensor.sizes(), tensor.strides(), shape)};
}

template <class T>
StridedPointer<T> outputOf(const Tensor& tensor) {
  return {tensor.dataPtr<T>(), tensor.strides()};
}

// The loop writes `out` when it has the common dtype; otherwise a tensor of
// the common dtype, copied (cast) into `out` afterwards: an out= tensor or a
// self of a wider dtype gets the result computed in the operands' dtype.
template <class Loop>
void computeInCommonDtype(const Tensor& out, ScalarType common, const Loop& loop) {
  const Tensor into = out.dtype() == common ? out : emptyTensor(out.sizes(), {common, kCpu});
  loop(into);
  if (!into.isSameAs(out)) {
    Tensor destination = out;
    copyCpu_(destination, into);
  }
}

// [binary_cpu]
// Every binary kernel in four steps: what the result is (shape, dtype), an
// output from the CPU allocator, the inputs in the dtype the operator
// computes in (commonDtype), and the loop of this CPU's capability, through
// the operator's stub. The last two are the structured impl(), which gets
// its output from the wrapper; they are what ATen's TensorIterator does
// before its impl() calls the stub. A Scalar argument (add's alpha) is
// passed on to the kernel, which converts it to its element type.
template <class FnPtr, class... ScalarArgs>
void binaryIntoCpu(const Tensor& out, const Tensor& self, const Tensor& other, DispatchStub<FnPtr>& stub,
                   IntegerInputs integers = IntegerInputs::KeepIntegral, const ScalarArgs&... scalars) {
  const ScalarType common = commonDtype(self, other, integers);
  const Tensor a = toDtypeCpu(self, common);
  const Tensor b = toDtypeCpu(other, common);
  computeInCommonDtype(out, common, [&](const Tensor& into) { stub(DeviceType::CPU, into, a, b, scalars...); });
}

template <class FnPtr, class... ScalarArgs>
Tensor binaryCpu(const Tensor& self, const Tensor& other, DispatchStub<FnPtr>& stub, std::string_view op,
                 IntegerInputs integers = IntegerInputs::KeepIntegral, const ScalarArgs&... scalars) {
  const OutputMeta meta = binaryMeta(self, other, op, integers);
  Tensor out = emptyLike(meta, kCpu);
  binaryIntoCpu(out, self, other, stub, integers, scalars...);
  return out;
}
// [binary_cpu]

// A comparison (1.13's build_comparison_op, then the stub): the inputs in
// their common dtype, compared into a bool tensor; an out= tensor of another
// dtype gets the bools cast (1.0 and 0.0 into a float one), as 1.13 casts
// the result into an output that is not bool.
void comparisonIntoCpu(const Tensor& out, const Tensor& self, const Tensor& other,
                       DispatchStub<structured_binary_fn>& stub) {
  const ScalarType common = commonDtype(self, other);
  const Tensor a = toDtypeCpu(self, common);
  const Tensor b = toDtypeCpu(other, common);
  const Tensor into = out.dtype() == ScalarType::Bool ? out : emptyTensor(out.sizes(), {ScalarType::Bool, kCpu});
  stub(DeviceType::CPU, into, a, b);
  if (!into.isSameAs(out)) {
    Tensor destination = out;
    copyCpu_(destination, into);
  }
}

// The comparisons' impl(), shared by CPU and CUDA: the loop of out's device
// (1.13's stubs pick theirs by device too).
void comparisonInto(const Tensor& out, const Tensor& self, const Tensor& other,
                    DispatchStub<structured_binary_fn>& stub, Comparison which) {
  if (out.device().isCuda()) {
    comparisonIntoCuda(out, self, other, which);
  } else {
    comparisonIntoCpu(out, self, other, stub);
  }
}

void unaryIntoCpu(const Tensor& out, const Tensor& self, DispatchStub<structured_unary_fn>& stub,
                  IntegerInputs integers = IntegerInputs::KeepIntegral) {
  const ScalarType common = commonDtype(self, integers);
  const Tensor a = toDtypeCpu(self, common);
  computeInCommonDtype(out, common, [&](const Tensor& into) { stub(DeviceType::CPU, into, a); });
}

Tensor unaryCpu(const Tensor& self, DispatchStub<structured_unary_fn>& stub,
                IntegerInputs integers = IntegerInputs::KeepIntegral) {
  const OutputMeta meta = unaryMeta(self, integers);
  Tensor out = emptyLike(meta, kCpu);
  unaryIntoCpu(out, self, stub, integers);
  return out;
}

// In place: other is converted to self's dtype and broadcast to self's
// shape; self's own shape may not grow.
template <class FnPtr, class... ScalarArgs>
Tensor& binaryInplaceCpu(Tensor& self, const Tensor& other, DispatchStub<FnPtr>& stub, std::string_view op,
                         const ScalarArgs&... scalars) {
  const OutputMeta meta = binaryMeta(self, other, op);
  checkBroadcastsInto(self.sizes(), other.sizes(), op);
  if (!canCast(meta.dtype, self.dtype())) {
    throw OperatorInvalidArgument(op, fmt::format("result type {} can't be cast to the desired output type {}",
                                                  scalarTypeCName(meta.dtype), scalarTypeCName(self.dtype())));
  }
  binaryIntoCpu(self, self, other, stub, IntegerInputs::KeepIntegral, scalars...);
  return self;
}

// What a sum accumulates in: double for float (as ATen's acc_type on the
// CPU: a million float32 additions in float lose digits), float for Half
// and BFloat16 (their acc_type), int64 for integers.
template <class T>
using AccumulateType =
    std::conditional_t<isReducedFloat<T>, float, std::conditional_t<std::is_floating_point_v<T>, double, std::int64_t>>;

}  // namespace

Tensor addCpu(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  alphaCheck(binaryMeta(self, other, "add").dtype, alpha);
  return binaryCpu(self, other, add_stub, "add", IntegerInputs::KeepIntegral, alpha);
}
Tensor subCpu(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  subCheck(self, other);
  alphaCheck(binaryMeta(self, other, "sub").dtype, alpha);
  return binaryCpu(self, other, add_stub, "sub", IntegerInputs::KeepIntegral, -alpha);
}
Tensor mulCpu(const Tensor& self, const Tensor& other) { return binaryCpu(self, other, mul_stub, "mul"); }
Tensor divCpu(const Tensor& self, const Tensor& other) {
  return binaryCpu(self, other, div_true_stub, "div", IntegerInputs::PromoteToFloat);
}
Tensor negCpu(const Tensor& self) { return unaryCpu(self, neg_stub); }
Tensor reluCpu(const Tensor& self) { return unaryCpu(self, clamp_min_scalar_stub); }
Tensor expCpu(const Tensor& self) { return unaryCpu(self, exp_stub, IntegerInputs::PromoteToFloat); }
Tensor sinCpu(const Tensor& self) { return unaryCpu(self, sin_stub, IntegerInputs::PromoteToFloat); }
Tensor cosCpu(const Tensor& self) { return unaryCpu(self, cos_stub, IntegerInputs::PromoteToFloat); }
Tensor reluBackwardCpu(const Tensor& grad, const Tensor& result) {
  // Checked as threshold_backward, looped as 1.13's threshold_cpu.
  Tensor out = emptyLike(binaryMeta(grad, result, "threshold_backward"), kCpu);
  binaryIntoCpu(out, grad, result, threshold_stub);
  return out;
}
Tensor& addInplaceCpu(Tensor& self, const Tensor& other, const Scalar& alpha) {
  alphaCheck(binaryMeta(self, other, "add_").dtype, alpha);
  return binaryInplaceCpu(self, other, add_stub, "add_", alpha);
}
Tensor& mulInplaceCpu(Tensor& self, const Tensor& other) { return binaryInplaceCpu(self, other, mul_stub, "mul_"); }

Tensor sumCpu(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim) {
  const OutputMeta meta = sumMeta(self, dim, keepdim);
  Tensor out = emptyLike(meta, kCpu);
  const Tensor input = contiguousCpu(toDtypeCpu(self, meta.dtype));
  MINI_DISPATCH_ALL_TYPES_AND2(ScalarType::Half, ScalarType::BFloat16, meta.dtype, "sum", [&] {
    using acc_t = AccumulateType<scalar_t>;
    const scalar_t* in = input.dataPtr<const scalar_t>();
    scalar_t* result = out.dataPtr<scalar_t>();
    if (!dim || self.dim() == 0) {
      // Chunks of kGrainSize summed in parallel, then added left to right:
      // the same bits whatever the thread count.
      *result = static_cast<scalar_t>(parallelReduce<acc_t>(
          0, input.numel(), kGrainSize, acc_t(0),
          [&](std::int64_t begin, std::int64_t end) {
            acc_t partial = 0;
            for (std::int64_t i = begin; i < end; ++i) {
              partial = wrapping<acc_t>(partial, in[i], '+');
            }
            return partial;
          },
          [](acc_t x, acc_t y) { return wrapping(x, y, '+'); }));
      return;
    }
    // The input as [outer, reduced, inner]; each output element [o, i] is
    // one sequential sum over `reduced`, computed by one thread.
    const auto d = static_cast<std::size_t>(wrapDim(*dim, self.dim()));
    const std::int64_t reduced = self.sizes()[d];
    const std::int64_t inner =
        numelOf(Sizes(self.sizes().begin() + static_cast<std::ptrdiff_t>(d) + 1, self.sizes().end()));
    const std::int64_t outputs = out.numel();
    parallelFor(0, outputs, std::max<std::int64_t>(1, kGrainSize / std::max<std::int64_t>(reduced, 1)),
                [&](std::int64_t begin, std::int64_t end) {
                  for (std::int64_t j = begin; j < end; ++j) {
                    const std::int64_t o = j / inner;
                    const std::int64_t i = j % inner;
                    acc_t total = 0;
                    for (std::int64_t r = 0; r < reduced; ++r) {
                      total = wrapping<acc_t>(total, in[(o * reduced + r) * inner + i], '+');
                    }
                    result[j] = static_cast<scalar_t>(total);
                  }
                });
  });
  return out;
}

namespace {

// One row segment of C, C[i, j0 .. j0 + kWidth), plus A[i, p] * B[p, j0 ..]
// for p in [p0, p1). The segment lives in a local array while p runs: the
// compiler then knows the inner loop's length and that the array overlaps
// neither A nor B, so at -O2 that loop becomes packed multiplies and adds
// (four floats or two doubles at a time with SSE). Each element still adds
// its products in order of p, so the result is the same to the bit as the
// plain loop's. A BLAS (OpenBLAS, MKL) goes further with register tiles and
// packed panels; this is the one step that makes the loop vectorise.
template <std::int64_t kWidth, class T>
void accumulateRowSegment(T* c, const T* aRow, const T* b, std::int64_t m, std::int64_t p0, std::int64_t p1) {
  std::array<T, kWidth> sums;
  std::copy(c, c + kWidth, sums.begin());
  for (std::int64_t p = p0; p < p1; ++p) {
    const T aip = aRow[p];
    const T* bRow = b + p * m;
    for (std::int64_t j = 0; j < kWidth; ++j) {
      sums[static_cast<std::size_t>(j)] += aip * bRow[j];
    }
  }
  std::copy(sums.begin(), sums.end(), c);
}

// C = A B in bfloat16, rounded as 1.13's gemm_notrans_ rounds: the running
// sum of each element lives in bfloat16, and so does each product before it
// is added. 1.13's `c[...] += a[...] * val` multiplies in float, but c10's
// BFloat16 has no += that takes a float: the product converts to bfloat16
// (one rounding), then the sum is done in float and stored (another). B is
// converted to float once (exactly: every bfloat16 is a float), and each
// segment of a row of C is kept in float, each value rounded to bfloat16's
// precision where 1.13 stores one (BFloat16::roundedFloat), so the inner
// loop is float arithmetic the compiler can vectorise.
//
// With `sumInFloat`, the running sum is a float and only C's element is
// rounded, once: 1.13's gemm_transa_, which its addmm takes when B is a
// transposed view (B = W.t(), as mm's backward multiplies grad @ w.t()).
void matmulBFloat16IntoCpu(const Tensor& out, const Tensor& a, const Tensor& b, bool sumInFloat) {
  const std::int64_t n = a.sizes()[0];
  const std::int64_t k = a.sizes()[1];
  const std::int64_t m = b.sizes()[1];
  const BFloat16* A = a.dataPtr<const BFloat16>();
  const BFloat16* B = b.dataPtr<const BFloat16>();
  BFloat16* C = out.dataPtr<BFloat16>();
  const std::vector<float> bFloat(B, B + k * m);
  // One segment of a row of C, kWidth columns, in a local array of known
  // length (as accumulateRowSegment's): what lets -O2 vectorise the loop.
  constexpr std::int64_t kWidth = 64;
  parallelFor(0, n, std::max<std::int64_t>(1, kGrainSize / std::max<std::int64_t>(k * m, 1)),
              [&](std::int64_t firstRow, std::int64_t lastRow) {
                for (std::int64_t i = firstRow; i < lastRow; ++i) {
                  for (std::int64_t j0 = 0; j0 < m; j0 += kWidth) {
                    const std::int64_t width = std::min(kWidth, m - j0);
                    std::array<float, kWidth> sums{};
                    for (std::int64_t p = 0; p < k; ++p) {
                      const float aip = static_cast<float>(A[i * k + p]);
                      const float* bRow = bFloat.data() + p * m + j0;
                      if (sumInFloat) {
                        for (std::int64_t j = 0; j < width; ++j) {
                          sums[static_cast<std::size_t>(j)] += aip * bRow[j];
                        }
                      } else if (width == kWidth) {
                        for (std::size_t j = 0; j < kWidth; ++j) {
                          sums[j] = BFloat16::roundedFloat(sums[j] + BFloat16::roundedFloat(aip * bRow[j]));
                        }
                      } else {
                        for (std::int64_t j = 0; j < width; ++j) {
                          sums[static_cast<std::size_t>(j)] = BFloat16::roundedFloat(
                              sums[static_cast<std::size_t>(j)] + BFloat16::roundedFloat(aip * bRow[j]));
                        }
                      }
                    }
                    std::copy(sums.begin(), sums.begin() + width, C + i * m + j0);
                  }
                }
              });
}

}  // namespace

Tensor matmulCpu(const Tensor& self, const Tensor& other) {
  Tensor out = emptyLike(matmulMeta(self, other), kCpu);
  matmulIntoCpu(out, self, other);
  return out;
}

void matmulIntoCpu(const Tensor& result, const Tensor& self, const Tensor& other) {
  // BFloat16 as 1.13's CPU gemm does it (gemm_notrans_): each product
  // rounded to bfloat16, added to the element of C, which is stored, and so
  // rounded, in bfloat16 after every step, in order of p. 1.13 has no such loop for
  // Half: the dispatch below refuses it, as torch does.
  if (result.dtype() == ScalarType::BFloat16) {
    // Which of 1.13's loops its addmm picks, from the operands' layouts: its
    // gemm computes Cᵀ = Bᵀ·Aᵀ, so B is its first matrix, "transposed" when
    // B is column-major (a t() view) and A is not; then the sum is a float.
    const auto rowMajor = [](const Tensor& t) {
      return t.strides()[1] == 1 && t.strides()[0] >= std::max<std::int64_t>(1, t.sizes()[1]);
    };
    const auto columnMajor = [&](const Tensor& t) {
      return !rowMajor(t) && t.strides()[0] == 1 && t.strides()[1] >= std::max<std::int64_t>(1, t.sizes()[0]);
    };
    Tensor out = result.isContiguous() ? result : emptyTensor(result.sizes(), result.options());
    matmulBFloat16IntoCpu(out, contiguousCpu(self), contiguousCpu(other), columnMajor(other) && !columnMajor(self));
    if (!out.isSameAs(result)) {
      Tensor destination = result;
      copyCpu_(destination, out);
    }
    return;
  }
  // The blocked loop writes rows of a contiguous C; an out= tensor with
  // other strides gets the product through a copy.
  Tensor out = result.isContiguous() ? result : emptyTensor(result.sizes(), result.options());
  fillCpu_(out, 0.0);
  const Tensor a = contiguousCpu(self);
  const Tensor b = contiguousCpu(other);
  const std::int64_t n = a.sizes()[0];
  const std::int64_t k = a.sizes()[1];
  const std::int64_t m = b.sizes()[1];
  // 64 x 64 blocks of doubles are 32 KiB: a block of A, of B and of C fit
  // in L1/L2 together, so each loaded element is reused 64 times.
  constexpr std::int64_t kBlock = 64;
  // Named as 1.13's CPU matmul loop is: "addmm_impl_cpu_" not implemented for 'Bool'.
  MINI_DISPATCH_ALL_TYPES(out.dtype(), "addmm_impl_cpu_", [&] {
    const scalar_t* A = a.dataPtr<const scalar_t>();
    const scalar_t* B = b.dataPtr<const scalar_t>();
    scalar_t* C = out.dataPtr<scalar_t>();
    const std::int64_t rowBlocks = (n + kBlock - 1) / kBlock;
    // Threads own whole row blocks of C: no two write the same element.
    parallelFor(0, rowBlocks, std::max<std::int64_t>(1, kGrainSize / std::max<std::int64_t>(kBlock * k * m, 1)),
                [&](std::int64_t firstBlock, std::int64_t lastBlock) {
                  for (std::int64_t i0 = firstBlock * kBlock; i0 < std::min(n, lastBlock * kBlock); i0 += kBlock) {
                    for (std::int64_t p0 = 0; p0 < k; p0 += kBlock) {
                      for (std::int64_t j0 = 0; j0 < m; j0 += kBlock) {
                        for (std::int64_t i = i0; i < std::min(n, i0 + kBlock); ++i) {
                          if (j0 + kBlock <= m) {  // a whole block of columns: the vectorised loop
                            accumulateRowSegment<kBlock>(C + i * m + j0, A + i * k, B + j0, m, p0,
                                                         std::min(k, p0 + kBlock));
                            continue;
                          }
                          for (std::int64_t p = p0; p < std::min(k, p0 + kBlock); ++p) {
                            const scalar_t aip = A[i * k + p];
                            // The last, narrower block of columns: unit
                            // stride along rows of B and C, one at a time.
                            for (std::int64_t j = j0; j < std::min(m, j0 + kBlock); ++j) {
                              C[i * m + j] += aip * B[p * m + j];
                            }
                          }
                        }
                      }
                    }
                  }
                });
  });
  if (!out.isSameAs(result)) {
    Tensor destination = result;
    copyCpu_(destination, out);
  }
}

// [copy_cpu]
Tensor& copyCpu_(Tensor& dst, const Tensor& src) {
  // As 1.13's copy_impl: the same elements need no copy; an overlap that
  // would read an element after writing it is refused before any shape check.
  if (isSameData(dst, src)) {
    return dst;
  }
  computeMemOverlaps(dst, src);
  checkBroadcastsInto(dst.sizes(), src.sizes(), "copy_");
  // Two dtypes, two nested switches: 4 x 4 instantiations of the loop. The
  // inner one is the function form, whose lambda names its own type.
  MINI_DISPATCH_SWITCH(ArithmeticTypes, dst.dtype(), "copy_", [&] {
    dispatchScalarType(ArithmeticTypes{}, src.dtype(), "copy_", [&]<class src_t>() {
      cpuElementwiseLoop(
          dst.sizes(), outputOf<scalar_t>(dst), [](src_t value) { return convertElement<scalar_t>(value); },
          inputOf<src_t>(src, dst.sizes()));
    });
  });
  return dst;
}
// [copy_cpu]

// fill_ checks no overlap: writing one value through an expanded tensor is
// the same whichever element goes last (1.13 turns the check off there).
Tensor& fillCpu_(Tensor& self, double value) {
  checkConvertible(value, self.dtype(), "fill_");
  MINI_DISPATCH_SWITCH(ArithmeticTypes, self.dtype(), "fill_", [&] {
    const auto converted = static_cast<scalar_t>(value);
    cpuElementwiseLoop(self.sizes(), outputOf<scalar_t>(self), [converted] { return converted; });
  });
  return self;
}

Tensor& arangeFillCpu_(Tensor& self, double start, double step) {
  MINI_DISPATCH_ALL_TYPES_AND2(ScalarType::Half, ScalarType::BFloat16, self.dtype(), "arange_cpu", [&] {
    scalar_t* out = self.dataPtr<scalar_t>();
    for (std::int64_t i = 0; i < self.numel(); ++i) {
      out[i * self.strides()[0]] = static_cast<scalar_t>(start + static_cast<double>(i) * step);
    }
  });
  return self;
}

Tensor toDtypeCpu(const Tensor& self, ScalarType dtype) {
  if (self.dtype() == dtype) {
    return self;
  }
  Tensor out = emptyTensor(self.sizes(), {dtype, kCpu});
  return copyCpu_(out, self);
}

Tensor contiguousCpu(const Tensor& self) {
  if (self.isContiguous()) {
    return self;
  }
  Tensor out = emptyTensor(self.sizes(), self.options());
  return copyCpu_(out, self);
}

// [structured_cpu]
// The impl() of every structured CPU kernel in ops.yaml: the operands in
// their common dtype, then the operator's stub, into the output its
// generated wrapper chose (new, self or out=). meta() has run.
void structured_ufunc_add_CPU::impl(const Tensor& self, const Tensor& other, const Scalar& alpha, const Tensor& out) {
  binaryIntoCpu(out, self, other, add_stub, IntegerInputs::KeepIntegral, alpha);
}
// [structured_cpu]
// sub is add with -alpha, as 1.13's sub_out calls add_stub: a + (-alpha) * b
// is a - alpha * b to the bit (negation is exact; so is rounding's symmetry).
void structured_sub_out_cpu::impl(const Tensor& self, const Tensor& other, const Scalar& alpha, const Tensor& out) {
  binaryIntoCpu(out, self, other, add_stub, IntegerInputs::KeepIntegral, -alpha);
}
void structured_mul_out_cpu::impl(const Tensor& self, const Tensor& other, const Tensor& out) {
  binaryIntoCpu(out, self, other, mul_stub);
}
void structured_div_out_cpu::impl(const Tensor& self, const Tensor& other, const Tensor& out) {
  binaryIntoCpu(out, self, other, div_true_stub, IntegerInputs::PromoteToFloat);
}
void structured_atan2_out_cpu::impl(const Tensor& self, const Tensor& other, const Tensor& out) {
  binaryIntoCpu(out, self, other, atan2_stub, IntegerInputs::PromoteToFloat);
}
// lerp: meta() has made self, end and weight one dtype and the output that
// dtype too, so there is no common dtype to convert to, only a loop over the
// broadcast shape with three inputs. 1.13's CPU formula: from `self` below
// a weight of 0.5 and from `end` above it, so that weight 1 gives `end`
// exactly; a negative weight is "below" (lerp(0, inf, -0.5) is -inf, where
// the other form would give inf - inf, NaN).
void structured_lerp_out_cpu::impl(const Tensor& self, const Tensor& end, const Tensor& weight, const Tensor& out) {
  // The loop reads each input through strides for the output's shape: an
  // output meta() made too small for an input is refused, never read past.
  for (const Tensor* input : {&self, &end, &weight}) {
    checkBroadcastsInto(out.sizes(), input->sizes(), "lerp");
  }
  MINI_DISPATCH_SWITCH(BFloat16FloatingTypes, out.dtype(), "lerp_kernel_tensor", [&] {
    using opmath_t = OpMathType<scalar_t>;
    const Sizes& shape = out.sizes();
    cpuElementwiseLoop(
        shape, outputOf<scalar_t>(out),
        [](scalar_t start, scalar_t stop, scalar_t w) -> scalar_t {
          const opmath_t a = start;
          const opmath_t b = stop;
          const opmath_t t = w;
          return static_cast<scalar_t>(t < opmath_t(0.5) ? a + t * (b - a) : b - (b - a) * (opmath_t(1) - t));
        },
        inputOf<scalar_t>(self, shape), inputOf<scalar_t>(end, shape), inputOf<scalar_t>(weight, shape));
  });
}
void structured_neg_out_cpu::impl(const Tensor& self, const Tensor& out) { unaryIntoCpu(out, self, neg_stub); }
void structured_relu_out_cpu::impl(const Tensor& self, const Tensor& out) {
  unaryIntoCpu(out, self, clamp_min_scalar_stub);
}
void structured_exp_out_cpu::impl(const Tensor& self, const Tensor& out) {
  unaryIntoCpu(out, self, exp_stub, IntegerInputs::PromoteToFloat);
}
void structured_sigmoid_out_cpu::impl(const Tensor& self, const Tensor& out) {
  unaryIntoCpu(out, self, sigmoid_stub, IntegerInputs::PromoteToFloat);
}
void structured_sigmoid_backward_out_cpu::impl(const Tensor& grad_output, const Tensor& output,
                                               const Tensor& grad_input) {
  binaryIntoCpu(grad_input, grad_output, output, sigmoid_backward_stub);
}
void structured_sum_out_cpu::impl(const Tensor& self, const std::vector<std::int64_t>& dim, bool keepdim,
                                  const Tensor& out) {
  // In the output's dtype from the start, as 1.13's make_reduction converts
  // the input: floats summed into an int64 out= are truncated first
  // (1.5 + -2.25 + 0.5 is 1 - 2 + 0 = -1, not -0.25 truncated to 0). Then
  // one dimension at a time, and into the output.
  const Tensor input = toDtypeCpu(self, out.dtype());
  const Tensor sum =
      sumAlongDims(input, dim, keepdim, [](const Tensor& t, std::int64_t d, bool keep) { return sumCpu(t, d, keep); });
  Tensor destination = out;
  copyCpu_(destination, sum);
}
Tensor sumAllCpu(const Tensor& self) { return sumCpu(self); }

void structured_matmul_out_cpu::impl(const Tensor& self, const Tensor& other, const Tensor& out) {
  matmulIntoCpu(out, self, other);
}

// 1.13's argmax_out (ReduceOps.cpp, argmax_argmin_impl) and its loop
// (ReduceOpsKernel.cpp): the first index of the largest value, a NaN
// counting as the largest (the first NaN wins); with no dim, of the
// flattened tensor. A dimension of size 1 is all zeros without a loop.
void structured_argmax_out::impl(const Tensor& self, std::optional<std::int64_t> dim, bool keepdim, const Tensor& out) {
  static_cast<void>(keepdim);  // the meta gave out its shape; the values are the same either way
  const std::int64_t d = dim && self.dim() > 0 ? wrapDim(*dim, self.dim()) : 0;
  if (dim && self.dim() > 0 && self.sizes()[static_cast<std::size_t>(d)] == 1) {
    // 1.13 answers zeros before its dtype switch: a bool tensor's too.
    Tensor destination = out;
    if (self.device().isCuda()) {
      fillCuda_(destination, 0.0);
    } else {
      fillCpu_(destination, 0.0);
    }
    return;
  }
  if (out.numel() == 0) {
    // 1.13 runs its stub only on a non-empty iteration: a bool tensor of
    // shape [0, 3] along dimension 1 gives an empty int64 result, unrefused.
    return;
  }
  if (self.device().isCuda()) {
    argmaxIntoCuda(out, self, dim);  // the GPU's loop, as 1.13's argmax_stub picks one by device
    return;
  }
  const Tensor input = contiguousCpu(self);
  const std::int64_t reduced = !dim ? self.numel() : self.dim() == 0 ? 1 : self.sizes()[static_cast<std::size_t>(d)];
  const std::int64_t inner =
      !dim || self.dim() == 0
          ? 1
          : numelOf(Sizes(self.sizes().begin() + static_cast<std::ptrdiff_t>(d) + 1, self.sizes().end()));
  Tensor result = emptyLike({out.sizes(), ScalarType::Long}, kCpu);
  std::int64_t* index = result.dataPtr<std::int64_t>();
  MINI_DISPATCH_ALL_TYPES_AND2(ScalarType::Half, ScalarType::BFloat16, input.dtype(), "argmax_cpu", [&] {
    const scalar_t* in = input.dataPtr<const scalar_t>();
    parallelFor(0, result.numel(), std::max<std::int64_t>(1, kGrainSize / std::max<std::int64_t>(reduced, 1)),
                [&](std::int64_t begin, std::int64_t end) {
                  for (std::int64_t j = begin; j < end; ++j) {
                    const std::int64_t first = (j / inner) * reduced * inner + j % inner;
                    // In scalar_t itself: an int64 or a double does not fit a float.
                    const auto is_nan = [](scalar_t value) { return value != value; };
                    std::int64_t best = 0;
                    scalar_t best_value = in[first];
                    for (std::int64_t r = 1; r < reduced && !is_nan(best_value); ++r) {
                      const scalar_t value = in[first + r * inner];
                      if (value > best_value || is_nan(value)) {
                        best = r;
                        best_value = value;
                      }
                    }
                    index[j] = best;
                  }
                });
  });
  Tensor destination = out;
  copyCpu_(destination, result);
}

namespace {

/// What log_softmax's CPU loops compute in: float for float32, Half and
/// BFloat16 (1.13's vectorized loops keep a float's sums in float), double
/// for float64.
template <class T>
using SoftmaxMath = std::conditional_t<std::is_same_v<T, double>, double, float>;

/// The extents of a contiguous tensor seen as [outer, reduced, inner]
/// around dimension `dim` (a 0-d tensor is one row of one element).
struct AroundDim {
  std::int64_t outer = 1;
  std::int64_t reduced = 1;
  std::int64_t inner = 1;
};

AroundDim aroundDim(const Tensor& self, std::int64_t dim) {
  if (self.dim() == 0) {
    return {};
  }
  const auto d = static_cast<std::size_t>(wrapDim(dim, self.dim()));
  const Sizes& sizes = self.sizes();
  return {numelOf(Sizes(sizes.begin(), sizes.begin() + static_cast<std::ptrdiff_t>(d))), sizes[d],
          numelOf(Sizes(sizes.begin() + static_cast<std::ptrdiff_t>(d) + 1, sizes.end()))};
}

/// One call per row (o, i) of `shape`, in parallel: `row(o * reduced * inner + i, inner)`,
/// the offset of the row's first element and the stride between its elements.
template <class Row>
void forEachRow(const AroundDim& shape, const Row& row) {
  parallelFor(0, shape.outer * shape.inner,
              std::max<std::int64_t>(1, kGrainSize / std::max<std::int64_t>(shape.reduced, 1)),
              [&](std::int64_t begin, std::int64_t end) {
                for (std::int64_t j = begin; j < end; ++j) {
                  row((j / shape.inner) * shape.reduced * shape.inner + j % shape.inner, shape.inner);
                }
              });
}

}  // namespace

// 1.13's log_softmax_cpu_out (SoftMax.cpp) and its loops
// (SoftMaxKernel.cpp): per row, x - max - log(sum(exp(x - max))), the max
// taken out first so that exp cannot overflow. 1.13's loops are
// vectorized, so its sums add in another order: the results agree to a
// float's rounding, not bit for bit (python/tests/test_train_digits.py).
// The dtype error's name is 1.13's: "softmax_kernel_impl" off the last
// dimension, as its log_softmax_kernel_impl spells it.
void structured_log_softmax_cpu_out::impl(const Tensor& self, std::int64_t dim, bool half_to_float, const Tensor& out) {
  if (half_to_float) {
    throw std::invalid_argument("softmax with half to float conversion is not supported on CPU");
  }
  if (self.numel() == 0) {
    return;
  }
  const Tensor input = contiguousCpu(self);
  Tensor result = emptyLike({self.sizes(), out.dtype()}, kCpu);
  const AroundDim shape = aroundDim(input, dim);
  const bool last = self.dim() == 0 || wrapDim(dim, self.dim()) == self.dim() - 1;
  MINI_DISPATCH_FLOATING_TYPES_AND(
      ScalarType::BFloat16, input.dtype(), last ? "log_softmax_lastdim_kernel_impl" : "softmax_kernel_impl", [&] {
        using math_t = SoftmaxMath<scalar_t>;
        const scalar_t* in = input.dataPtr<const scalar_t>();
        scalar_t* y = result.dataPtr<scalar_t>();
        forEachRow(shape, [&](std::int64_t first, std::int64_t stride) {
          math_t max = static_cast<math_t>(in[first]);
          for (std::int64_t r = 1; r < shape.reduced; ++r) {
            max = std::max(max, static_cast<math_t>(in[first + r * stride]));
          }
          math_t sum = 0;
          for (std::int64_t r = 0; r < shape.reduced; ++r) {
            sum += std::exp(static_cast<math_t>(in[first + r * stride]) - max);
          }
          const math_t log_sum = std::log(sum);
          for (std::int64_t r = 0; r < shape.reduced; ++r) {
            y[first + r * stride] = static_cast<scalar_t>(static_cast<math_t>(in[first + r * stride]) - max - log_sum);
          }
        });
      });
  Tensor destination = out;
  copyCpu_(destination, result);
}

// 1.13's log_softmax_backward_cpu_out: grad_output - exp(output) * sum(grad_output), per row.
void structured_log_softmax_backward_cpu_out::impl(const Tensor& grad_output, const Tensor& output, std::int64_t dim,
                                                   ScalarType input_dtype, const Tensor& out) {
  static_cast<void>(input_dtype);  // the CPU kernel computes in grad_output's dtype, as 1.13's
  if (output.numel() == 0) {
    // 1.13 returns here with the result as empty() left it, whatever memory
    // held (its shape is grad_output's, which need not be empty). The course
    // writes zeros, so that reading the result is defined (the boxed-call
    // fuzzer read a bool of 190 there under UBSan).
    Tensor destination = out;
    fillCpu_(destination, 0.0);
    return;
  }
  const Tensor grad = contiguousCpu(grad_output);
  const Tensor y = contiguousCpu(output);
  Tensor result = emptyLike({grad_output.sizes(), out.dtype()}, kCpu);
  const AroundDim shape = aroundDim(grad, dim);
  const bool last = grad.dim() == 0 || wrapDim(dim, grad.dim()) == grad.dim() - 1;
  MINI_DISPATCH_FLOATING_TYPES_AND(
      ScalarType::BFloat16, grad.dtype(),
      last ? "log_softmax_backward_lastdim_kernel_impl" : "log_softmax_backward_kernel_impl", [&] {
        using math_t = SoftmaxMath<scalar_t>;
        const scalar_t* g = grad.dataPtr<const scalar_t>();
        const scalar_t* out_values = y.dataPtr<const scalar_t>();
        scalar_t* gi = result.dataPtr<scalar_t>();
        forEachRow(shape, [&](std::int64_t first, std::int64_t stride) {
          math_t sum = 0;
          for (std::int64_t r = 0; r < shape.reduced; ++r) {
            sum += static_cast<math_t>(g[first + r * stride]);
          }
          for (std::int64_t r = 0; r < shape.reduced; ++r) {
            const std::int64_t k = first + r * stride;
            gi[k] =
                static_cast<scalar_t>(static_cast<math_t>(g[k]) - std::exp(static_cast<math_t>(out_values[k])) * sum);
          }
        });
      });
  Tensor destination = out;
  copyCpu_(destination, result);
}

// The comparisons: a Scalar `other` as 1.13's meta() makes it, a wrapped
// number (zero-dimensional, ranked below every tensor by type promotion).
// One impl() for CPU and CUDA, as in 1.13: the loop is the device's.
#define MINI_COMPARISON_IMPL(op, which)                                                                 \
  void structured_##op##_Tensor_out::impl(const Tensor& self, const Tensor& other, const Tensor& out) { \
    comparisonInto(out, self, other, op##_stub, Comparison::which);                                     \
  }                                                                                                     \
  void structured_##op##_Scalar_out::impl(const Tensor& self, const Scalar& other, const Tensor& out) { \
    comparisonInto(out, self, wrappedScalarTensor(other), op##_stub, Comparison::which);                \
  }
MINI_COMPARISON_IMPL(eq, Eq)
MINI_COMPARISON_IMPL(ne, Ne)
MINI_COMPARISON_IMPL(lt, Lt)
MINI_COMPARISON_IMPL(le, Le)
MINI_COMPARISON_IMPL(gt, Gt)
MINI_COMPARISON_IMPL(ge, Ge)
#undef MINI_COMPARISON_IMPL

}  // namespace ch06
}  // namespace mini
