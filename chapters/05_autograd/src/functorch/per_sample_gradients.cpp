#include "mini/functorch/per_sample_gradients.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/dispatch_modes/autograd_grad.h"
#include "mini/functorch/vmap.h"

namespace mini {
inline namespace ch05 {

std::vector<Tensor> perSampleGradients(const std::function<Tensor()>& perSampleLosses,
                                       const std::vector<Tensor>& parameters) {
  // Before the forward: the capture nodes must be where the forward's edges go.
  GradCapture capture(parameters);
  const Tensor losses = perSampleLosses();
  if (losses.dim() != 1) {
    throw std::invalid_argument(
        fmt::format("perSampleGradients: expected one loss per sample, a 1-D tensor, got {}-D", losses.dim()));
  }
  const std::int64_t batchSize = losses.sizes()[0];
  std::vector<double> identity(static_cast<std::size_t>(batchSize * batchSize), 0.0);
  for (std::int64_t i = 0; i < batchSize; ++i) {
    identity[static_cast<std::size_t>(i * batchSize + i)] = 1.0;
  }
  const VmapFunction gradients =
      vmap([&](const std::vector<Tensor>& seed) { return capture.grad(losses, seed[0]); }, {0});
  return gradients({fromValues(identity, {batchSize, batchSize})});
}

}  // namespace ch05
}  // namespace mini
