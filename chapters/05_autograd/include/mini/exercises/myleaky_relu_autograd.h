#pragma once
/// \file
/// \brief Exercise 05.5: an Autograd kernel with no kernel below it, whose
///        forward is made of other operators, and its backward node.

#include <string>

#include "mini/autograd/node.h"
#include "mini/autograd/saved_variable.h"
#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch05 {

/// leaky_relu's node, named as PyTorch's is. derivatives.yaml says
/// `self: leaky_relu_backward(grad, self, negative_slope, false)`: grad where
/// self > 0, grad * negative_slope elsewhere (at 0 too). apply() is
/// exercise 05.5's (exercises/myleaky_relu_autograd.cpp).
struct LeakyReluBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "LeakyReluBackward0"; }
  TensorList apply(TensorList&& grads) override;
  void releaseVariables() override { self.resetData(); }

  SavedVariable self;
  double negative_slope = 0.0;
};

/// Exercise 05.5: myops::myleaky_relu's Autograd kernel, its only kernel:
/// no backend has one, so it computes leaky_relu from the chapter's own
/// operators, below autograd, and records one LeakyReluBackward0.
Tensor myleakyReluAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, double negativeSlope);

/// myops::myleaky_relu(Tensor self, float negative_slope=0.01) -> Tensor:
/// self where self > 0, self * negative_slope elsewhere. Its typed handle,
/// and the public function that calls it.
const TypedOperatorHandle<Tensor(const Tensor&, double)>& myleakyReluOp();
Tensor myleaky_relu(const Tensor& self, double negativeSlope = 0.01);

}  // namespace ch05
}  // namespace mini
