#pragma once
/// \file
/// \brief The node of an operator without a formula (PyTorch's
///        torch/csrc/autograd/functions/basic_ops.h).

#include <string>
#include <vector>

#include "mini/autograd/node.h"

namespace mini {
inline namespace ch06 {

/// Recording it is harmless; reaching it in backward is the error, naming
/// the operator: "derivative for myops::mysin is not implemented".
struct NotImplemented : Node {
  NotImplemented(std::string op, std::vector<Edge> nextEdges) : Node(std::move(nextEdges)), op(std::move(op)) {}
  std::string name() const override { return "NotImplemented"; }
  TensorList apply(TensorList&& grads) override;
  std::string op;
};

}  // namespace ch06
}  // namespace mini
