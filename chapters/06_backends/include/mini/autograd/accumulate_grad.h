#pragma once
/// \file
/// \brief The node at the end of every path: it adds a gradient into a leaf's `grad`.

#include <cstdint>
#include <limits>
#include <memory>

#include "mini/autograd/node.h"

namespace mini {
inline namespace ch06 {

/// One per leaf that requires grad. Two paths reaching the same leaf reach
/// the same AccumulateGrad, and the engine sums their gradients before it
/// runs it; calling backward() twice adds to `grad` again, as in torch.
class AccumulateGrad : public Node {
 public:
  /// The largest sequence number, as 1.13's AccumulateGrad takes
  /// (UINT64_MAX): the engine runs it as soon as it is ready, so a leaf's
  /// gradient is added even when an older node then fails (a second
  /// backward through freed saved tensors adds to x.grad first, as in torch).
  explicit AccumulateGrad(Tensor variable)
      : Node(std::numeric_limits<std::uint64_t>::max(), {}), variable_(std::move(variable)) {}

  // 1.13's name() is the C++ type's, namespaces and all; Python's type
  // name and a tensor's printout take the part after the last "::".
  std::string name() const override { return "torch::autograd::AccumulateGrad"; }
  TensorList apply(TensorList&& grads) override;

  const Tensor& variable() const { return variable_; }

 private:
  Tensor variable_;  ///< the leaf (a handle: its impl owns the grad slot)
};

/// The leaf's AccumulateGrad, made on first use and shared while a graph holds it.
std::shared_ptr<Node> gradAccumulator(const Tensor& leaf);

}  // namespace ch06
}  // namespace mini
