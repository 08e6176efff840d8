#pragma once
/// \file
/// \brief Exercise 05.1: the backward node and the Autograd kernel of an
///        operator the chapter does not differentiate, from its formula.

#include <string>

#include "mini/autograd/node.h"
#include "mini/autograd/saved_variable.h"
#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch05 {

/// hypot's node, named as PyTorch's generated one is. derivatives.yaml says
/// `self: grad * self / result` and `other: grad * other / result`; each
/// field is saved only when a gradient that reads it is wanted.
/// apply() is exercise 05.1's (exercises/myhypot_autograd.cpp).
struct HypotBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "HypotBackward0"; }
  TensorList apply(TensorList&& grads) override;
  void releaseVariables() override {
    self.resetData();
    other.resetData();
    result.resetData();
  }
  SavedVariable self;    ///< read by self's gradient
  SavedVariable other;   ///< read by other's gradient
  SavedVariable result;  ///< read by both, saved after setHistory
};

/// Exercise 05.1: myops::myhypot's Autograd kernel, which records a
/// HypotBackward0 and computes below autograd.
Tensor myhypotAutograd(DispatchKeySet dispatchKeySet, const Tensor& self, const Tensor& other);

/// myops::myhypot's CPU kernel (given): sqrt(self^2 + other^2) element by
/// element, for tensors of the same sizes.
Tensor myhypotCpu(const Tensor& self, const Tensor& other);

/// myops::myhypot's typed handle, and the public function that calls it.
const TypedOperatorHandle<Tensor(const Tensor&, const Tensor&)>& myhypotOp();
Tensor myhypot(const Tensor& self, const Tensor& other);

}  // namespace ch05
}  // namespace mini
