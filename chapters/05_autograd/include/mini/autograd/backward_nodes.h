#pragma once
/// \file
/// \brief The backward nodes: one per differentiable operator, each holding
///        what its formula needs.

#include <string>

#include "mini/autograd/node.h"
#include "mini/autograd/saved_variable.h"

namespace mini {
inline namespace ch05 {

/// Named as PyTorch's generated nodes are (torch/csrc/autograd/generated/
/// Functions.h), so `grad_fn=<MulBackward0>` reads the same here and in
/// torch. Each keeps only what its formula reads: sizes for add, both inputs
/// for mul, the result for exp.
struct AddBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "AddBackward0"; }
  TensorList apply(TensorList&& grads) override;
  Sizes selfSizes, otherSizes;
};

struct SubBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "SubBackward0"; }
  TensorList apply(TensorList&& grads) override;
  Sizes selfSizes, otherSizes;
};

// [mul_backward_node]
struct MulBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "MulBackward0"; }
  TensorList apply(TensorList&& grads) override;
  void releaseVariables() override {
    self.resetData();
    other.resetData();
  }
  SavedVariable self;   ///< saved when other needs a gradient
  SavedVariable other;  ///< saved when self needs a gradient
  Sizes selfSizes, otherSizes;
};
// [mul_backward_node]

struct DivBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "DivBackward0"; }
  TensorList apply(TensorList&& grads) override;
  void releaseVariables() override {
    self.resetData();
    other.resetData();
  }
  SavedVariable self;  ///< saved when other needs a gradient
  SavedVariable other;
  Sizes selfSizes, otherSizes;
};

struct NegBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "NegBackward0"; }
  TensorList apply(TensorList&& grads) override;
};

struct SumBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "SumBackward0"; }
  TensorList apply(TensorList&& grads) override;
  Sizes selfSizes;
};

/// torch.matmul of two matrices runs mm, whose node is MmBackward0.
struct MmBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "MmBackward0"; }
  TensorList apply(TensorList&& grads) override;
  void releaseVariables() override {
    self.resetData();
    other.resetData();
  }
  SavedVariable self, other;
};

struct ReluBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "ReluBackward0"; }
  TensorList apply(TensorList&& grads) override;
  void releaseVariables() override { result.resetData(); }
  SavedVariable result;
};

struct ExpBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "ExpBackward0"; }
  TensorList apply(TensorList&& grads) override;
  void releaseVariables() override { result.resetData(); }
  SavedVariable result;
};

struct TBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "TBackward0"; }
  TensorList apply(TensorList&& grads) override;
};

struct ViewBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "ViewBackward0"; }
  TensorList apply(TensorList&& grads) override;
  Sizes selfSizes;
};

/// The node of an operator that has no formula. Recording it is harmless;
/// reaching it in backward is the error, naming the operator:
/// "derivative for myops::mysin is not implemented".
struct NotImplemented : Node {
  NotImplemented(std::string op, std::vector<Edge> nextEdges) : Node(std::move(nextEdges)), op(std::move(op)) {}
  std::string name() const override { return "NotImplemented"; }
  TensorList apply(TensorList&& grads) override;
  std::string op;
};

/// `grad` summed down to `sizes`: the inverse of broadcasting a one-element
/// tensor. Equal sizes return `grad` itself.
Tensor reduceTo(const Tensor& grad, const Sizes& sizes);

}  // namespace ch05
}  // namespace mini
