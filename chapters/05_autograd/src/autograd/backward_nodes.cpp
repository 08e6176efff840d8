#include "mini/autograd/backward_nodes.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/aten/operators.h"
#include "mini/native/cpu/cpu_kernels.h"

namespace mini {
inline namespace ch05 {

Tensor reduceTo(const Tensor& grad, const Sizes& sizes) {
  return grad.sizes() == sizes ? grad : view(sum(grad), sizes);
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

TensorList NegBackward0::apply(TensorList&& grads) { return {neg(grads.at(0))}; }

TensorList SumBackward0::apply(TensorList&& grads) {
  // Every element contributed once: each gets the whole gradient.
  return {mul(ones(selfSizes), grads.at(0))};
}

// [mm_backward]
TensorList MmBackward0::apply(TensorList&& grads) {
  const Tensor& grad = grads.at(0);
  // For C = A B: dA = dC B^T, dB = A^T dC.
  return {needsInputGrad(0) ? matmul(grad, t(other.unpack(name()))) : Tensor(),
          needsInputGrad(1) ? matmul(t(self.unpack(name())), grad) : Tensor()};
}
// [mm_backward]

TensorList ReluBackward0::apply(TensorList&& grads) { return {reluBackwardCpu(grads.at(0), result.unpack(name()))}; }

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

}  // namespace ch05
}  // namespace mini
