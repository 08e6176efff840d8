#include "mini/dispatch_modes/autograd_grad.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/engine.h"

namespace mini {
inline namespace ch05 {

namespace {

/// Sits where a leaf's AccumulateGrad would: keeps the gradient that
/// arrives, the very tensor the backward formula returned.
class CaptureGrad : public Node {
 public:
  std::string name() const override { return "CaptureGrad"; }
  TensorList apply(TensorList&& grads) override {
    captured = grads.at(0);
    return {};
  }
  Tensor captured;
};

AutogradMeta& leafMeta(const Tensor& input, std::size_t index) {
  if (!input.requiresGrad() || !input.isLeaf()) {
    throw std::invalid_argument(fmt::format("GradCapture: input {} must be a leaf that requires grad", index));
  }
  AutogradMeta& meta = *input.unsafeGetTensorImpl()->autograd;
  if (!meta.gradAccumulator.expired()) {
    throw std::invalid_argument(fmt::format(
        "GradCapture: input {} already has an AccumulateGrad in a live graph; capture before running the forward",
        index));
  }
  return meta;
}

}  // namespace

GradCapture::GradCapture(std::vector<Tensor> inputs) : inputs_(std::move(inputs)) {
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    AutogradMeta& meta = leafMeta(inputs_[i], i);
    std::shared_ptr<CaptureGrad> capture(new CaptureGrad(), deleteNode);
    capture->addInputMetadata(inputs_[i]);
    meta.gradAccumulator = capture;
    captures_.push_back(std::move(capture));
  }
}

GradCapture::~GradCapture() = default;

std::vector<Tensor> GradCapture::grad(const Tensor& output, const Tensor& gradOutput) {
  backward(output, gradOutput);
  std::vector<Tensor> grads;
  for (const std::shared_ptr<Node>& capture : captures_) {
    grads.push_back(static_cast<const CaptureGrad&>(*capture).captured);
  }
  return grads;
}

}  // namespace ch05
}  // namespace mini
