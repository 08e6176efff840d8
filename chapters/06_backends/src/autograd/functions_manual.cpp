#include "mini/autograd/functions_manual.h"

#include "mini/aten/aten.h"
#include "mini/core/shape.h"
#include "mini/native/factories.h"

namespace mini {
inline namespace ch06 {

// The formulas call the public operators. The engine runs them with grad
// mode off, so these calls record nothing.

Tensor handle_r_to_c(ScalarType /*selfScalarType*/, Tensor gradient) { return gradient; }

Tensor maybe_multiply(const Tensor& t, const Scalar& s) {
  const bool isOne = s.isFloatingPoint() ? s.toDouble() == 1.0 : s.toLong() == 1;
  if (isOne) {
    return t;
  }
  return mul(t, full({}, s.toDouble(), t.options()));
}

Tensor mul_tensor_backward(const Tensor& grad, const Tensor& other, ScalarType selfScalarType) {
  return handle_r_to_c(selfScalarType, mul(grad, other));
}

Tensor div_tensor_self_backward(const Tensor& grad, const Tensor& other, ScalarType selfScalarType) {
  return handle_r_to_c(selfScalarType, div(grad, other));
}

Tensor div_tensor_other_backward(const Tensor& grad, const Tensor& self, const Tensor& other) {
  // -grad * ((self / other) / other), not -(grad * self) / (other * other):
  // the latter is a bit off for almost half the elements.
  return mul(neg(grad), div(div(self, other), other));
}

std::tuple<Tensor, Tensor> atan2_backward(const Tensor& grad, const Tensor& self, const Tensor& other,
                                          std::array<bool, 2> outputMask) {
  // 1.13's order of operations: one reciprocal, then grad * other * recip
  // and grad * -self * recip.
  const Tensor denominator = add(mul(self, self), mul(other, other));
  const Tensor recip = div(ones(denominator.sizes(), denominator.options()), denominator);
  return {outputMask[0] ? mul(mul(grad, other), recip) : Tensor(),
          outputMask[1] ? mul(mul(grad, neg(self)), recip) : Tensor()};
}

Tensor sum_backward(const Tensor& grad, const Sizes& sizes, const std::vector<std::int64_t>& dim, bool keepdim) {
  // A 0-d input: sum(0) of it is itself (1.13 wraps dim 0 and -1 for a 0-d
  // tensor), so the gradient is the incoming one, with no dimension to put back.
  if (keepdim || dim.empty() || sizes.empty()) {
    return expandTo(grad, sizes);
  }
  // Put back, as size 1, the dimensions the sum dropped, so that the
  // gradient broadcasts along them.
  Sizes kept = sizes;
  for (std::int64_t d : dim) {
    kept[static_cast<std::size_t>(wrapDim(d, static_cast<std::int64_t>(sizes.size())))] = 1;
  }
  return expandTo((grad.isContiguous() ? grad : clone(grad)).view(kept), sizes);
}

Tensor mm_mat1_backward(const Tensor& grad, const Tensor& mat2) { return matmul(grad, t(mat2)); }

Tensor mm_mat2_backward(const Tensor& grad, const Tensor& mat1) { return matmul(t(mat1), grad); }

Tensor sgn(const Tensor& self) {
  const Tensor one = ones(self.sizes(), self.options());
  return sub(threshold_backward(one, self), threshold_backward(one, neg(self)));
}

Tensor zeros_like(const Tensor& grad) { return zeros(grad.sizes(), grad.options()); }

Tensor slice_backward_wrapper(const Tensor& grad, const Sizes& inputSizes, std::int64_t dim,
                              std::optional<std::int64_t> start, std::optional<std::int64_t> end, std::int64_t step) {
  Tensor gradInput = zeros(inputSizes, grad.options());
  slice(gradInput, dim, start, end, step).copy_(grad);
  return gradInput;
}

Tensor _to_copy_backward(const Tensor& grad, const TensorOptions& selfOptions) {
  return _to_copy(grad, selfOptions.dtype, selfOptions.device);
}

Tensor expandTo(const Tensor& grad, const Sizes& sizes) {
  // A multiplication by ones broadcasts on every backend and changes no value.
  return mul(ones(sizes, grad.options()), grad);
}

// The gradient of a broadcast input: broadcasting copied each element along
// the new leading dimensions and the size-1 ones, so its gradient is the sum
// over those.
Tensor reduceTo(const Tensor& grad, const Sizes& sizes) {
  if (grad.sizes() == sizes) {
    return grad;
  }
  const auto lead = static_cast<std::int64_t>(grad.sizes().size()) - static_cast<std::int64_t>(sizes.size());
  std::vector<std::int64_t> leading;
  for (std::int64_t d = 0; d < lead; ++d) {
    leading.push_back(d);
  }
  Tensor reduced = leading.empty() ? grad : sum(grad, leading, false);
  std::vector<std::int64_t> ones;
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 1 && reduced.sizes()[d] != 1) {
      ones.push_back(static_cast<std::int64_t>(d));
    }
  }
  return ones.empty() ? reduced : sum(reduced, ones, true);
}

bool isExpandableTo(const Sizes& sizes, const Sizes& target) {
  if (sizes.size() > target.size()) {
    return false;
  }
  const std::size_t lead = target.size() - sizes.size();
  for (std::size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] != 1 && sizes[d] != target[lead + d]) {
      return false;
    }
  }
  return true;
}

}  // namespace ch06
}  // namespace mini
