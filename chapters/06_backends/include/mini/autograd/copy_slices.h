#pragma once
/// \file
/// \brief The history of a base written through one of its views (PyTorch
///        1.13's CopySlices, torch/csrc/autograd/functions/tensor.h).

#include <cstdint>
#include <memory>
#include <string>

#include "mini/autograd/node.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// An in-place operator that writes through a view changes some of the
/// base's elements. Its node (`fn`, MulBackward0 for `mul_`) knows the
/// gradient of the view's new values; the base's new history must say that
/// the base's other elements passed through unchanged. CopySlices becomes the
/// base's grad_fn and does both: it takes the base's gradient, hands `fn`
/// the part the view picks, and writes `fn`'s gradient for the view's old
/// values back in that place. Its edges are `fn`'s, except the first, which
/// leads to the base's old history instead of the view's.
struct CopySlices : Node {
  CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<Node> fn);
  /// As CopyBackwards' (variable_type_manual.cpp): 1.13's node has no name()
  /// of its own, so its name is the demangled C++ type, which the
  /// saved-tensor error prints ("output 0 of torch::autograd::CopySlices").
  std::string name() const override { return "torch::autograd::CopySlices"; }
  TensorList apply(TensorList&& grads) override;
  /// Drops `fn`, and with it whatever `fn` saved: after a backward that did
  /// not retain the graph, a second one through this node says so (1.13's
  /// CopySlices::release_variables sets fn to nullptr).
  void releaseVariables() override { fn = nullptr; }
  /// What backward needs of a tensor it must not keep alive (1.13's
  /// at::TensorGeometry): where its elements lie in its storage.
  struct Geometry {
    explicit Geometry(const Tensor& tensor);
    Sizes sizes;
    Strides strides;
    std::int64_t storageOffset = 0;
  };
  Geometry base;
  Geometry view;
  std::shared_ptr<Node> fn;
};

}  // namespace ch06
}  // namespace mini
