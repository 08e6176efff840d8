#pragma once
/// \file
/// \brief What every generated Autograd kernel calls besides the dispatcher
///        (PyTorch's torch/csrc/autograd/VariableTypeUtils.h).

#include <memory>

#include "mini/autograd/autograd_meta.h"  // isDifferentiableType, which generated conditions call
#include "mini/autograd/node.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// Refuses the in-place calls autograd cannot follow, when `inputs` (every
/// tensor argument, self included) record grad: a write into a leaf that
/// requires grad, into a view of one, and into a view made under no_grad.
/// Every kernel that writes a tensor calls it before the write: the
/// generated in-place Autograd kernels, copy_'s hand-written one and the
/// autograd-not-implemented fallback (PyTorch's check_inplace).
void checkInplace(const Tensor& self, const TensorList& inputs);

/// Makes `gradFn` the history of `self`, which an in-place operator wrote
/// (PyTorch's rebase_history): self's own, or, when self is a view, its
/// base's, as a CopySlices node wrapping `gradFn`.
void rebaseHistory(const Tensor& self, const std::shared_ptr<Node>& gradFn);

}  // namespace ch06
}  // namespace mini
