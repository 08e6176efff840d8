#include "mini/autograd/backward_nodes.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/aten/aten.h"
#include "mini/autograd/functions_manual.h"
#include "mini/core/shape.h"
#include "mini/native/factories.h"

namespace mini {
inline namespace ch06 {

// The gradient of a broadcast input: broadcasting copied each element along
// the new leading dimensions and the size-1 ones, so its gradient is the sum
// over those (ATen's sum_to).
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

Tensor expandTo(const Tensor& grad, const Sizes& sizes) {
  // A multiplication by ones broadcasts on every backend and changes no value.
  return mul(ones(sizes, grad.options()), grad);
}

// The formulas call the public operators. The engine runs them with grad
// mode off, so these calls record nothing.

TensorList AddBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  return {needsInputGrad(0) ? reduceTo(grad, selfSizes) : Tensor(),
          needsInputGrad(1) ? reduceTo(maybe_multiply(grad, alpha), otherSizes) : Tensor()};
}

TensorList SubBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  return {needsInputGrad(0) ? reduceTo(grad, selfSizes) : Tensor(),
          needsInputGrad(1) ? reduceTo(maybe_multiply(neg(grad), alpha), otherSizes) : Tensor()};
}

// [mul_backward]
TensorList MulBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  // d(a*b)/da = b and d(a*b)/db = a. Each saved tensor is unpacked (and its
  // version checked) only if the gradient that needs it is wanted.
  return {needsInputGrad(0) ? reduceTo(mul(grad, other.unpack(name())), selfSizes) : Tensor(),
          needsInputGrad(1) ? reduceTo(mul(grad, self.unpack(name())), otherSizes) : Tensor()};
}
// [mul_backward]

TensorList DivBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  const Tensor otherValue = other.unpack(name());
  // d(a/b)/da = 1/b, d(a/b)/db = -a/b^2, the latter computed as 1.13's
  // div_tensor_other_backward does, -grad * ((a / b) / b), so that the
  // result is the same to the last bit.
  return {needsInputGrad(0) ? reduceTo(div(grad, otherValue), selfSizes) : Tensor(),
          needsInputGrad(1)
              ? reduceTo(mul(neg(grad), div(div(self.unpack(name()), otherValue), otherValue)), otherSizes)
              : Tensor()};
}

TensorList Atan2Backward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  const Tensor selfValue = self.unpack(name());
  const Tensor otherValue = other.unpack(name());
  // For atan2(a, b): d/da = b / (a^2 + b^2), d/db = -a / (a^2 + b^2), in
  // 1.13's order of operations (atan2_backward): one reciprocal, then
  // grad * b * recip and grad * -a * recip.
  const Tensor denominator = add(mul(selfValue, selfValue), mul(otherValue, otherValue));
  const Tensor recip = div(ones(denominator.sizes(), denominator.options()), denominator);
  return {needsInputGrad(0) ? reduceTo(mul(mul(grad, otherValue), recip), selfSizes) : Tensor(),
          needsInputGrad(1) ? reduceTo(mul(mul(grad, neg(selfValue)), recip), otherSizes) : Tensor()};
}

TensorList SinBackward0::apply(TensorList&& grads) { return {mul(grads.at(0), cos(self.unpack(name())))}; }

TensorList ToCopyBackward0::apply(TensorList&& grads) { return {_to_copy(grads.at(0), selfDtype, selfDevice)}; }

TensorList NegBackward0::apply(TensorList&& grads) { return {neg(grads.at(0))}; }

TensorList SumBackward0::apply(TensorList&& grads) {
  // Every element contributed once: each gets the whole gradient.
  return {expandTo(grads.at(0), selfSizes)};
}

TensorList SumBackward1::apply(TensorList&& grads) {
  Tensor grad = grads.at(0);
  if (!keepdim && !dim.empty()) {
    // Put back, as size 1, the dimensions the sum dropped (1.13's
    // unsqueeze_multiple), so that the gradient broadcasts along them.
    Sizes kept = selfSizes;
    for (std::int64_t d : dim) {
      kept[static_cast<std::size_t>(wrapDim(d, static_cast<std::int64_t>(selfSizes.size())))] = 1;
    }
    grad = view(grad.isContiguous() ? grad : clone(grad), kept);
  }
  return {expandTo(grad, selfSizes)};
}

TensorList CloneBackward0::apply(TensorList&& grads) { return {grads.at(0)}; }

// [copy_backwards_apply]

TensorList FillBackward2::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  return {zeros(grad.sizes(), grad.options())};
}
TensorList CopyBackwards::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  // Cast first, then sum: 1.13 converts in the node (grad.to(src_options))
  // and its engine sums a broadcast gradient down afterwards.
  return {needsInputGrad(0) ? zeros(grad.sizes(), grad.options()) : Tensor(),
          needsInputGrad(1) ? reduceTo(_to_copy(grad, srcDtype, srcDevice), srcSizes) : Tensor()};
}
// [copy_backwards_apply]

// [mm_backward]
TensorList MmBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  // For C = A B: dA = dC B^T, dB = A^T dC.
  return {needsInputGrad(0) ? matmul(grad, t(other.unpack(name()))) : Tensor(),
          needsInputGrad(1) ? matmul(t(self.unpack(name())), grad) : Tensor()};
}
// [mm_backward]

TensorList ReluBackward0::apply(TensorList&& grads) { return {threshold_backward(grads.at(0), result.unpack(name()))}; }

TensorList ExpBackward0::apply(TensorList&& grads) {
  // exp is its own derivative: the saved result is the factor.
  return {mul(grads.at(0), result.unpack(name()))};
}

TensorList TBackward0::apply(TensorList&& grads) { return {t(grads.at(0))}; }

TensorList ViewBackward0::apply(TensorList&& grads) { return {view(grads.at(0), selfSizes)}; }

// [not_implemented_apply]
TensorList NotImplemented::apply(TensorList&& /*grads*/) {
  throw std::runtime_error(fmt::format("derivative for {} is not implemented", op));
}
// [not_implemented_apply]

}  // namespace ch06
}  // namespace mini
