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
  /// The storage's version when gradFn was set. A view whose base was written
  /// in place since then has a history that no longer says how its values
  /// were made (gradientEdge refuses to use it).
  std::uint32_t historyVersion = 0;
};
// [autograd_meta]

}  // namespace ch06
}  // namespace mini
