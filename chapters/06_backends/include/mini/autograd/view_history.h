#pragma once
/// \file
/// \brief A view's history after its base was written in place (PyTorch
///        1.13's VariableHooks::grad_fn, torch/csrc/autograd/variable.cpp).

#include <cstdint>
#include <memory>
#include <string>

#include "mini/autograd/node.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

// [as_strided_backward]
/// The history 1.13 gives a view whose base was written in place since the
/// view got its history: the view's elements are some of the base's, picked
/// by the view's sizes, strides and offset, so its gradient goes to those
/// elements of the base and nothing to the others. Its one edge is the
/// base's current history.
struct AsStridedBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "AsStridedBackward0"; }
  TensorList apply(TensorList&& grads) override;
  // The base's geometry (1.13's self_geometry) and the view's.
  Sizes baseSizes;
  Strides baseStrides;
  std::int64_t baseStorageOffset = 0;
  Sizes size;
  Strides stride;
  std::int64_t storageOffset = 0;
};
// [as_strided_backward]

// [view_grad_fn]
/// The grad_fn of a view (`view.gradFn()` comes here): its own while its
/// storage's version is the one its history was recorded at; after an
/// in-place write into the base (or another view of it), a new
/// AsStridedBackward0 from the base's current history, so that the view
/// follows it. A view made under no_grad cannot, and says so, as 1.13 does.
const std::shared_ptr<Node>& viewGradFn(const Tensor& view);
// [view_grad_fn]

}  // namespace ch06
}  // namespace mini
