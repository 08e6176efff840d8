#pragma once
/// \file
/// \brief The autograd fields every tensor carries.

#include <cstdint>
#include <memory>

#include "mini/core/scalar_type.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// Whether a tensor of this dtype can have a gradient (1.13's
/// isDifferentiableType, beside its AutogradMeta in torch/csrc/autograd/
/// variable.h: floating or complex, and the course has no complex). An
/// integer or bool result never requires grad, whatever its inputs did.
inline bool isDifferentiableType(ScalarType type) { return isFloatingType(type); }

// [autograd_meta]
/// PyTorch's AutogradMeta, trimmed to what reverse mode needs. A tensor is
/// part of the graph in one of two ways: as a *leaf* that requires grad
/// (gradients end in its `grad`, through its AccumulateGrad node), or as a
/// *result* with a `gradFn` (the node that turns the gradient of this tensor
/// into gradients of the inputs of the operator that made it).
struct AutogradMeta {
  bool requiresGrad = false;  ///< set by the user, on leaves only
  Tensor grad;                ///< filled by AccumulateGrad
  std::shared_ptr<Node> gradFn;
  std::uint32_t outputNr = 0;  ///< which input of gradFn this tensor's gradient is
  /// A leaf's AccumulateGrad, made the first time an operator records the
  /// leaf. Weak: the graph owns the node, and a graph that is gone must not
  /// keep it (or the leaf) alive.
  std::weak_ptr<Node> gradAccumulator;
  /// Made by a view operator: shares its base's storage.
  bool isView = false;
  /// A view's base: the tensor that is no view, whose storage it shares
  /// (the view of a view has its base's base, as 1.13's ViewInfo). It
  /// requires grad when the base does, and its history follows the base's.
  Tensor base;
  /// Whether the view was made with grad mode on (1.13's CreationMeta
  /// DEFAULT, else NO_GRAD_MODE). One made under no_grad cannot follow its
  /// base's history: which history would it be?
  bool createdWithGradMode = true;
  /// The storage's version when gradFn was set (1.13's attr_version). A view
  /// whose base was written in place since then gets a new gradFn from the
  /// base's new history the next time it is asked for one (viewGradFn).
  std::uint32_t historyVersion = 0;
};
// [autograd_meta]

}  // namespace ch06
}  // namespace mini
