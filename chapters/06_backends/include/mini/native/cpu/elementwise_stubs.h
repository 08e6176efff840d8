#pragma once
/// \file
/// \brief The DispatchStubs of the elementwise CPU kernels, in 1.13's
///        names (ATen declares them in native/BinaryOps.h and
///        native/UnaryOps.h): impl() calls `add_stub(DeviceType::CPU, out,
///        self, other)`, and the kernel files register a loop per capability.
///
/// ATen's kernels take a TensorIteratorBase, which has already broadcast
/// the operands and converted them to the common dtype. Here the structured
/// impl() (src/native/cpu/cpu_kernels.cpp) does both, and hands the kernel
/// the output and the inputs, all of one dtype.

#include "mini/core/scalar.h"
#include "mini/core/tensor.h"
#include "mini/native/cpu/dispatch_stub.h"

namespace mini {
inline namespace ch06 {

// [elementwise_stubs]
using structured_binary_fn = void (*)(const Tensor& out, const Tensor& self, const Tensor& other);
/// add's: out = self + alpha * other. sub has no stub: as in 1.13, its
/// impl() calls add_stub with -alpha.
using structured_binary_fn_alpha = void (*)(const Tensor& out, const Tensor& self, const Tensor& other,
                                            const Scalar& alpha);
using structured_unary_fn = void (*)(const Tensor& out, const Tensor& self);

extern DispatchStub<structured_binary_fn_alpha> add_stub;
// [elementwise_stubs]
extern DispatchStub<structured_binary_fn> mul_stub;
extern DispatchStub<structured_binary_fn> div_true_stub;
extern DispatchStub<structured_binary_fn> atan2_stub;
/// relu's backward, as 1.13's threshold_stub with threshold and value 0.
extern DispatchStub<structured_binary_fn> threshold_stub;
extern DispatchStub<structured_binary_fn> sigmoid_backward_stub;
/// The comparisons: `out` is bool, self and other are of their common
/// dtype (the one exception to "all of one dtype" above).
extern DispatchStub<structured_binary_fn> eq_stub;
extern DispatchStub<structured_binary_fn> ne_stub;
extern DispatchStub<structured_binary_fn> lt_stub;
extern DispatchStub<structured_binary_fn> le_stub;
extern DispatchStub<structured_binary_fn> gt_stub;
extern DispatchStub<structured_binary_fn> ge_stub;

extern DispatchStub<structured_unary_fn> neg_stub;
/// relu, as 1.13's clamp_min(self, 0) with the minimum fixed at 0.
extern DispatchStub<structured_unary_fn> clamp_min_scalar_stub;
extern DispatchStub<structured_unary_fn> exp_stub;
extern DispatchStub<structured_unary_fn> sigmoid_stub;
extern DispatchStub<structured_unary_fn> sin_stub;
extern DispatchStub<structured_unary_fn> cos_stub;

}  // namespace ch06
}  // namespace mini
