// The binary elementwise loops (ATen's native/cpu/BinaryOpsKernel.cpp).
// CMake compiles this file twice: with CPU_CAPABILITY=DEFAULT and the
// compiler's default flags, and, where the compiler can, with
// CPU_CAPABILITY=AVX2 and -mavx2 -mfma. Each build registers its kernels
// on the stubs under its own capability; DispatchStub picks one at run time.

#include <cmath>
#include <functional>
#include <type_traits>

#include "mini/aten/dispatch_scalar_type.h"
#include "mini/core/reduced_float.h"
#include "mini/native/cpu/cpu_loops.h"
#include "mini/native/cpu/elementwise_stubs.h"
#include "mini/native/cpu/kernel_dtypes.h"
#include "mini/native/cpu/loops.h"
#include "mini/native/elementwise_functors.h"

namespace mini {
inline namespace ch06 {
inline namespace CPU_CAPABILITY {

namespace {

// [add_kernel]
// The dtype switch picks scalar_t; alpha is converted to it once, refused if
// it cannot hold it; cpu_kernel_vec runs the vector op on whole
// Vectorized<scalar_t> (8 floats at a time in the AVX2 build) and the scalar
// op on the tail. Both round alpha * b before the sum (1.13's vector op
// fuses them with fmadd, except for float16; -ffp-contract=off keeps this
// build from fusing), so every element gets the same bits whichever path it took.
void add_kernel(const Tensor& out, const Tensor& self, const Tensor& other, const Scalar& alphaScalar) {
  MINI_DISPATCH_SWITCH(ArithmeticTypes, out.dtype(), "add", [&] {
    const auto alpha = alphaScalar.to<scalar_t>("add");
    const Vectorized<scalar_t> alphaVector(alpha);
    cpu_kernel_vec(
        out, [alpha](scalar_t a, scalar_t b) -> scalar_t { return AddOp<scalar_t>{alpha}(a, b); },
        [alphaVector](Vectorized<scalar_t> a, Vectorized<scalar_t> b) { return a + alphaVector * b; }, self, other);
  });
}
// [add_kernel]

void mul_kernel(const Tensor& out, const Tensor& self, const Tensor& other) {
  MINI_DISPATCH_SWITCH(ArithmeticTypes, out.dtype(), "mul", [&] {
    cpu_kernel_vec(
        out, [](scalar_t a, scalar_t b) -> scalar_t { return MulOp<scalar_t>{}(a, b); },
        [](Vectorized<scalar_t> a, Vectorized<scalar_t> b) { return a * b; }, self, other);
  });
}

// True division: the inputs were promoted to a floating dtype first.
void div_true_kernel(const Tensor& out, const Tensor& self, const Tensor& other) {
  MINI_DISPATCH_SWITCH(DivisionTypes, out.dtype(), "div", [&] {
    cpu_kernel_vec(
        out, [](scalar_t a, scalar_t b) -> scalar_t { return DivOp<scalar_t>{}(a, b); },
        [](Vectorized<scalar_t> a, Vectorized<scalar_t> b) { return a / b; }, self, other);
  });
}

void atan2_kernel(const Tensor& out, const Tensor& self, const Tensor& other) {
  MINI_DISPATCH_SWITCH(BFloat16FloatingTypes, out.dtype(), "atan2_cpu", [&] {
    cpu_kernel(
        out, [](scalar_t a, scalar_t b) -> scalar_t { return std::atan2(a, b); }, self, other);
  });
}

void threshold_kernel(const Tensor& out, const Tensor& grad, const Tensor& result) {
  MINI_DISPATCH_SWITCH(BFloat16Types, out.dtype(), "threshold_cpu", [&] {
    cpu_kernel(
        out, [](scalar_t g, scalar_t r) -> scalar_t { return ReluBackwardOp<scalar_t>{}(g, r); }, grad, result);
  });
}

// sigmoid's backward. 1.13's CPU loop rounds each operation for Half (as
// SigmoidBackwardOp, the GPU's) but computes BFloat16 in float, rounded once.
void sigmoid_backward_kernel(const Tensor& out, const Tensor& grad, const Tensor& result) {
  MINI_DISPATCH_SWITCH(DivisionTypes, out.dtype(), "sigmoid_backward_cpu", [&] {
    cpu_kernel(
        out,
        [](scalar_t g, scalar_t r) -> scalar_t {
          if constexpr (std::is_same_v<scalar_t, BFloat16>) {
            return static_cast<scalar_t>(SigmoidBackwardOp<float>{}(g, r));
          } else {
            return SigmoidBackwardOp<scalar_t>{}(g, r);
          }
        },
        grad, result);
  });
}

// The comparisons, as 1.13's lt_kernel and its siblings: inputs of the
// common dtype, a bool output. The values are compared as they are (a Half
// as its float value): ne(nan, nan) is true and every other comparison with
// a NaN false, as in C++.
template <class Compare>
void comparison_kernel(const Tensor& out, const Tensor& self, const Tensor& other, const char* name) {
  MINI_DISPATCH_SWITCH(ArithmeticTypes, self.dtype(), name, [&] {
    using opmath_t = OpMathType<scalar_t>;
    const Sizes& shape = out.sizes();
    cpuElementwiseLoop(
        shape, StridedPointer<bool>{out.dataPtr<bool>(), out.strides()},
        [](scalar_t a, scalar_t b) -> bool { return Compare{}(static_cast<opmath_t>(a), static_cast<opmath_t>(b)); },
        StridedPointer<const scalar_t>{self.dataPtr<const scalar_t>(),
                                       expandedStrides(self.sizes(), self.strides(), shape)},
        StridedPointer<const scalar_t>{other.dataPtr<const scalar_t>(),
                                       expandedStrides(other.sizes(), other.strides(), shape)});
  });
}

// eq_kernel, ..., ge_kernel: 1.13's names, each registered on its stub
// below; the dtype switch is named as 1.13's ("lt_cpu").
#define MINI_COMPARISON_KERNEL(op, compare)                                      \
  void op##_kernel(const Tensor& out, const Tensor& self, const Tensor& other) { \
    comparison_kernel<compare>(out, self, other, #op "_cpu");                    \
  }
MINI_COMPARISON_KERNEL(eq, std::equal_to<>)
MINI_COMPARISON_KERNEL(ne, std::not_equal_to<>)
MINI_COMPARISON_KERNEL(lt, std::less<>)
MINI_COMPARISON_KERNEL(le, std::less_equal<>)
MINI_COMPARISON_KERNEL(gt, std::greater<>)
MINI_COMPARISON_KERNEL(ge, std::greater_equal<>)
#undef MINI_COMPARISON_KERNEL

}  // namespace

// [register_add_kernel]
REGISTER_DISPATCH(add_stub, &add_kernel);
// [register_add_kernel]
REGISTER_DISPATCH(mul_stub, &mul_kernel);
REGISTER_DISPATCH(div_true_stub, &div_true_kernel);
REGISTER_DISPATCH(atan2_stub, &atan2_kernel);
REGISTER_DISPATCH(threshold_stub, &threshold_kernel);
REGISTER_DISPATCH(sigmoid_backward_stub, &sigmoid_backward_kernel);
REGISTER_DISPATCH(eq_stub, &eq_kernel);
REGISTER_DISPATCH(ne_stub, &ne_kernel);
REGISTER_DISPATCH(lt_stub, &lt_kernel);
REGISTER_DISPATCH(le_stub, &le_kernel);
REGISTER_DISPATCH(gt_stub, &gt_kernel);
REGISTER_DISPATCH(ge_stub, &ge_kernel);

}  // namespace CPU_CAPABILITY
}  // namespace ch06
}  // namespace mini
