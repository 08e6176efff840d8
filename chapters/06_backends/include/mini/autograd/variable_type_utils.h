#pragma once
/// \file
/// \brief What every generated Autograd kernel calls besides the dispatcher
///        (PyTorch's torch/csrc/autograd/VariableTypeUtils.h).

#include <string_view>

#include "mini/autograd/autograd_meta.h"  // isDifferentiableType, which generated conditions call
#include "mini/autograd/node.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// Refuses the in-place calls autograd cannot follow: a write into a leaf
/// that requires grad, and into a view while `inputs` (every tensor argument,
/// self included) record grad. Every kernel that writes a tensor calls it
/// before the write: the generated in-place Autograd kernels, copy_'s
/// hand-written one and the autograd-not-implemented fallback (PyTorch's
/// check_inplace).
void checkInplace(const Tensor& self, const TensorList& inputs, std::string_view op);

}  // namespace ch06
}  // namespace mini
