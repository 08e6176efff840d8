#pragma once
/// \file
/// \brief The helpers derivatives.yaml's formulas call (PyTorch's
///        torch/csrc/autograd/FunctionsManual.h), by 1.13's names, and the
///        engine's sum back to a broadcast input's sizes.

#include <array>
#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include "mini/core/scalar.h"
#include "mini/core/scalar_type.h"
#include "mini/core/tensor.h"
#include "mini/core/tensor_options.h"

namespace mini {
inline namespace ch06 {

/// 1.13 turns a complex gradient of a real input into its real part here.
/// The course has no complex dtype, so the gradient is returned as it is;
/// the formulas still say it, and the node still saves the scalar type, as
/// 1.13's do.
Tensor handle_r_to_c(ScalarType selfScalarType, Tensor gradient);

/// `t * s`, or `t` itself when s is 1: add's gradient for `other` is
/// maybe_multiply(grad, alpha), which costs nothing in the common call that
/// gives no alpha. The product keeps t's dtype, as multiplying by a Python
/// number does.
Tensor maybe_multiply(const Tensor& t, const Scalar& s);

/// mul's gradient for one input: grad * the other input (1.13 multiplies by
/// its conj(), which for a real tensor is itself).
Tensor mul_tensor_backward(const Tensor& grad, const Tensor& other, ScalarType selfScalarType);
/// div's gradient for self: grad / other.
Tensor div_tensor_self_backward(const Tensor& grad, const Tensor& other, ScalarType selfScalarType);
/// div's gradient for other, -grad * ((self / other) / other), in 1.13's
/// order of operations, so that the result is the same to the last bit.
Tensor div_tensor_other_backward(const Tensor& grad, const Tensor& self, const Tensor& other);

/// atan2(self, other): d/dself = other / (self^2 + other^2), d/dother =
/// -self / (self^2 + other^2), each only if `outputMask` asks for it.
std::tuple<Tensor, Tensor> atan2_backward(const Tensor& grad, const Tensor& self, const Tensor& other,
                                          std::array<bool, 2> outputMask);

/// sum.dim_IntList: the gradient with the dimensions keepdim=false dropped
/// put back as size 1 (1.13's unsqueeze_multiple), then expanded to `sizes`.
Tensor sum_backward(const Tensor& grad, const Sizes& sizes, const std::vector<std::int64_t>& dim, bool keepdim);

/// For C = A B: dA = dC B^T and dB = A^T dC (1.13's also take A's or B's
/// sizes, strides and layout, to pick the gradient's layout).
Tensor mm_mat1_backward(const Tensor& grad, const Tensor& mat2);
Tensor mm_mat2_backward(const Tensor& grad, const Tensor& mat1);

/// The sign of each element, -1, 0 or 1, in self's dtype: 1.13's self.sgn(),
/// which is an operator there, for abs's formula (exercise 06.6). The course
/// has no sgn operator; this helper makes it from threshold_backward, which
/// keeps grad where self > 0.
Tensor sgn(const Tensor& self);

/// Zeros of grad's sizes, dtype and device.
Tensor zeros_like(const Tensor& grad);

/// slice's backward, 1.13's slice_backward_wrapper: zeros of the input's
/// sizes, `grad` copied into the slice the forward took (1.13's
/// slice_backward operator does the same in its kernel).
Tensor slice_backward_wrapper(const Tensor& grad, const Sizes& inputSizes, std::int64_t dim,
                              std::optional<std::int64_t> start, std::optional<std::int64_t> end, std::int64_t step);

// [to_copy_backward]
/// tensor.to(device or dtype): the gradient goes back where the input was,
/// in the input's dtype. This is how a model on one device trains leaves on
/// another.
Tensor _to_copy_backward(const Tensor& grad, const TensorOptions& selfOptions);
// [to_copy_backward]

/// `grad` broadcast to `sizes`, materialized: ATen's grad.expand(sizes), the
/// gradient of a sum, where every summed element gets the gradient of its sum.
Tensor expandTo(const Tensor& grad, const Sizes& sizes);

/// `grad` summed down to `sizes`: the inverse of broadcasting (ATen's
/// sum_to). Equal sizes return `grad` itself. The engine calls it on a
/// gradient whose input was broadcast, as 1.13's validate_outputs does.
Tensor reduceTo(const Tensor& grad, const Sizes& sizes);
/// Whether `sizes` broadcast to `target` (1.13's is_expandable_to).
bool isExpandableTo(const Sizes& sizes, const Sizes& target);

}  // namespace ch06
}  // namespace mini
