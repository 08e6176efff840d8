#pragma once
/// \file
/// \brief torch.autograd.grad in miniature: the gradients of some leaves,
///        returned rather than accumulated into `.grad`.
///
/// A traced joint graph needs the gradients as tensors the tracer saw being
/// made. backward() hands them to each leaf's AccumulateGrad, which keeps a
/// copy made outside the dispatcher; PyTorch's autograd.grad instead
/// captures the tensor arriving at each input's edge. Here the capture is
/// a node put where the leaf's AccumulateGrad would go, before the forward
/// builds its edges to it.

#include <memory>
#include <vector>

#include "mini/autograd/node.h"

namespace mini {
inline namespace ch05 {

class GradCapture {
 public:
  /// Installs a capturing node on each of `inputs`, which must be leaves
  /// that require grad and whose AccumulateGrad is not alive.
  explicit GradCapture(std::vector<Tensor> inputs);
  ~GradCapture();
  GradCapture(const GradCapture&) = delete;
  GradCapture& operator=(const GradCapture&) = delete;

  /// Runs backward from `output`, seeded with `gradOutput`, and returns the
  /// gradient that reached each input (undefined where none did).
  std::vector<Tensor> grad(const Tensor& output, const Tensor& gradOutput);

 private:
  std::vector<Tensor> inputs_;
  std::vector<std::shared_ptr<Node>> captures_;
};

}  // namespace ch05
}  // namespace mini
