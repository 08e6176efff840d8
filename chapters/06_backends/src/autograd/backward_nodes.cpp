#include "mini/autograd/backward_nodes.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/aten/aten.h"
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

// The formulas call the public operators. The engine runs them with grad
// mode off, so these calls record nothing.

TensorList AddBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  return {needsInputGrad(0) ? reduceTo(grad, selfSizes) : Tensor(),
          needsInputGrad(1) ? reduceTo(grad, otherSizes) : Tensor()};
}

TensorList SubBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  return {needsInputGrad(0) ? reduceTo(grad, selfSizes) : Tensor(),
          needsInputGrad(1) ? reduceTo(neg(grad), otherSizes) : Tensor()};
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
  // d(a/b)/da = 1/b, d(a/b)/db = -a/b^2.
  return {needsInputGrad(0) ? reduceTo(div(grad, otherValue), selfSizes) : Tensor(),
          needsInputGrad(1)
              ? reduceTo(neg(div(mul(grad, self.unpack(name())), mul(otherValue, otherValue))), otherSizes)
              : Tensor()};
}

TensorList ToCopyBackward0::apply(TensorList&& grads) { return {_to_copy(grads.at(0), selfDtype, selfDevice)}; }

TensorList NegBackward0::apply(TensorList&& grads) { return {neg(grads.at(0))}; }

TensorList SumBackward0::apply(TensorList&& grads) {
  // Every element contributed once: each gets the whole gradient.
  return {mul(ones(selfSizes, grads.at(0).options()), grads.at(0))};
}

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
