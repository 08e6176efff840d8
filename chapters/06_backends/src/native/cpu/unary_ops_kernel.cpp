// The unary elementwise loops (ATen's native/cpu/UnaryOpsKernel.cpp),
// compiled once per CPU capability as binary_ops_kernel.cpp is.

#include <cmath>

#include "mini/aten/dispatch_scalar_type.h"
#include "mini/native/cpu/elementwise_stubs.h"
#include "mini/native/cpu/kernel_dtypes.h"
#include "mini/native/cpu/loops.h"
#include "mini/native/elementwise_functors.h"

namespace mini {
inline namespace ch06 {
inline namespace CPU_CAPABILITY {

namespace {

void neg_kernel(const Tensor& out, const Tensor& self) {
  MINI_DISPATCH_SWITCH(SubtractionTypes, out.dtype(), "neg", [&] {
    cpu_kernel_vec(
        out, [](scalar_t a) -> scalar_t { return NegOp<scalar_t>{}(a); },
        [](Vectorized<scalar_t> a) { return a.neg(); }, self);
  });
}

void clamp_min_scalar_kernel(const Tensor& out, const Tensor& self) {
  MINI_DISPATCH_SWITCH(BFloat16Types, out.dtype(), "clamp_min_cpu", [&] {
    cpu_kernel(
        out, [](scalar_t a) -> scalar_t { return ReluOp<scalar_t>{}(a); }, self);
  });
}

// exp, sin and cos one element at a time, in float for Half and BFloat16
// (ExpOp's rule): ATen's vector versions come from Sleef, whose last bit
// can differ from the C library's.
void exp_kernel(const Tensor& out, const Tensor& self) {
  MINI_DISPATCH_SWITCH(BFloat16FloatingTypes, out.dtype(), "exp_vml_cpu", [&] {
    cpu_kernel(
        out, [](scalar_t a) -> scalar_t { return ExpOp<scalar_t>{}(a); }, self);
  });
}

// sigmoid as 1.13's scalar loop (its vector loop's exp is Sleef's, as exp's).
void sigmoid_kernel(const Tensor& out, const Tensor& self) {
  MINI_DISPATCH_SWITCH(BFloat16FloatingTypes, out.dtype(), "sigmoid_cpu", [&] {
    cpu_kernel(
        out, [](scalar_t a) -> scalar_t { return SigmoidOp<scalar_t>{}(a); }, self);
  });
}

void sin_kernel(const Tensor& out, const Tensor& self) {
  MINI_DISPATCH_SWITCH(BFloat16FloatingTypes, out.dtype(), "sin_vml_cpu", [&] {
    cpu_kernel(
        out, [](scalar_t a) -> scalar_t { return std::sin(a); }, self);
  });
}

void cos_kernel(const Tensor& out, const Tensor& self) {
  MINI_DISPATCH_SWITCH(BFloat16FloatingTypes, out.dtype(), "cos_vml_cpu", [&] {
    cpu_kernel(
        out, [](scalar_t a) -> scalar_t { return std::cos(a); }, self);
  });
}

}  // namespace

REGISTER_DISPATCH(neg_stub, &neg_kernel);
REGISTER_DISPATCH(clamp_min_scalar_stub, &clamp_min_scalar_kernel);
REGISTER_DISPATCH(exp_stub, &exp_kernel);
REGISTER_DISPATCH(sigmoid_stub, &sigmoid_kernel);
REGISTER_DISPATCH(sin_stub, &sin_kernel);
REGISTER_DISPATCH(cos_stub, &cos_kernel);

}  // namespace CPU_CAPABILITY
}  // namespace ch06
}  // namespace mini
