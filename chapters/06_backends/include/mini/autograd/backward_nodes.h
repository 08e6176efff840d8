#pragma once
/// \file
/// \brief The backward nodes: one per differentiable operator, each holding
///        what its formula needs.

#include <cstdint>
#include <string>
#include <vector>

#include "mini/autograd/node.h"
#include "mini/autograd/saved_variable.h"
#include "mini/core/scalar.h"

namespace mini {
inline namespace ch06 {

/// Named as PyTorch's generated nodes are (torch/csrc/autograd/generated/
/// Functions.h), so `grad_fn=<MulBackward0>` reads the same here and in
/// torch. Each keeps only what its formula reads: sizes for add, both inputs
/// for mul, the result for exp.
struct AddBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "AddBackward0"; }
  TensorList apply(TensorList&& grads) override;
  Sizes selfSizes, otherSizes;
  Scalar alpha = 1;  ///< other's gradient is grad * alpha (1.13 saves it as _saved_alpha)
};

struct SubBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "SubBackward0"; }
  TensorList apply(TensorList&& grads) override;
  Sizes selfSizes, otherSizes;
  Scalar alpha = 1;  ///< other's gradient is grad * alpha (1.13 saves it as _saved_alpha)
};

struct MulBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "MulBackward0"; }
  TensorList apply(TensorList&& grads) override;
  SavedVariable self;   ///< saved when other needs a gradient
  SavedVariable other;  ///< saved when self needs a gradient
  Sizes selfSizes, otherSizes;
};

struct DivBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "DivBackward0"; }
  TensorList apply(TensorList&& grads) override;
  SavedVariable self;  ///< saved when other needs a gradient
  SavedVariable other;
  Sizes selfSizes, otherSizes;
};

// [to_copy_backward]
/// tensor.to(device or dtype): the gradient goes back where the input was,
/// in the input's dtype. This is how a model on one device trains leaves on
/// another.
struct ToCopyBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "ToCopyBackward0"; }
  TensorList apply(TensorList&& grads) override;
  ScalarType selfDtype = ScalarType::Double;
  Device selfDevice;
};
// [to_copy_backward]

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

/// sum.dim_IntList (SumBackward0 is the whole sum's): each summed element
/// gets the gradient of its sum, so the gradient is put back in the
/// dimensions keepdim=false dropped and expanded to self's sizes (1.13's
/// sum_backward).
struct SumBackward1 : Node {
  using Node::Node;
  std::string name() const override { return "SumBackward1"; }
  TensorList apply(TensorList&& grads) override;
  Sizes selfSizes;
  std::vector<std::int64_t> dim;
  bool keepdim = false;
};

/// clone: the gradient passes through.
struct CloneBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "CloneBackward0"; }
  TensorList apply(TensorList&& grads) override;
};

/// copy_(self, src): self's old values are gone, so its gradient is zeros;
/// src's is the gradient, in src's dtype and on src's device, summed back to
/// src's sizes where the copy broadcast it. Named as PyTorch 1.13's
/// hand-written node is (torch/csrc/autograd/functions/tensor.h), with an s.
struct CopyBackwards : Node {
  using Node::Node;
  std::string name() const override { return "CopyBackwards"; }
  TensorList apply(TensorList&& grads) override;
  Sizes srcSizes;
  ScalarType srcDtype = ScalarType::Double;
  Device srcDevice;
};

/// fill_(self, value): self's old values do not reach the result, so their
/// gradient is zero (1.13's derivatives.yaml: `self: zeros_like(grad)`).
/// fill_.Scalar is the third fill overload 1.13 numbers, hence the 2.
struct FillBackward2 : Node {
  using Node::Node;
  std::string name() const override { return "FillBackward2"; }
  TensorList apply(TensorList&& grads) override;
};

/// atan2(self, other): both gradients read both inputs, so both are saved
/// whichever gradient is wanted (1.13's atan2_backward).
struct Atan2Backward0 : Node {
  using Node::Node;
  std::string name() const override { return "Atan2Backward0"; }
  TensorList apply(TensorList&& grads) override;
  SavedVariable self, other;
  Sizes selfSizes, otherSizes;
};

struct SinBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "SinBackward0"; }
  TensorList apply(TensorList&& grads) override;
  SavedVariable self;
};

/// torch.matmul of two matrices runs mm, whose node is MmBackward0.
struct MmBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "MmBackward0"; }
  TensorList apply(TensorList&& grads) override;
  SavedVariable self, other;
};

struct ReluBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "ReluBackward0"; }
  TensorList apply(TensorList&& grads) override;
  SavedVariable result;
};

struct ExpBackward0 : Node {
  using Node::Node;
  std::string name() const override { return "ExpBackward0"; }
  TensorList apply(TensorList&& grads) override;
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

/// `grad` broadcast to `sizes`, materialized: ATen's grad.expand(sizes), the
/// gradient of a sum, where every summed element gets the gradient of its sum.
Tensor expandTo(const Tensor& grad, const Sizes& sizes);

}  // namespace ch06
}  // namespace mini
