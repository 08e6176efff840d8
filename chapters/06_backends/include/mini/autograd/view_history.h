#pragma once
/// \file
/// \brief A view's history after its base was written in place (PyTorch
///        1.13's VariableHooks::grad_fn, torch/csrc/autograd/variable.cpp).

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

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

/// The lowest and one past the highest element a geometry reaches in its
/// storage (strides are never negative here).
std::pair<std::int64_t, std::int64_t> extentOf(const Sizes& sizes, const Strides& strides, std::int64_t offset);

/// Refuses an in-place write that reaches a view made under no_grad, with
/// 1.13's message (its handle_view_on_rebase): `indirect` when the write went
/// into its base or another view of it, else into the view itself. Which
/// history would such a view follow?
void handleViewOnRebase(const Tensor& view, bool indirect);

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
