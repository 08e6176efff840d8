#pragma once
/// \file
/// \brief The smallest tensor that can be dispatched on: a value and a key set.

#include <string_view>

#include <fmt/format.h>

#include "mini/core/dispatch_key_set.h"
#include "mini/util/stream_output.h"

namespace mini {
inline namespace ch03 {

// [tensor]
/// A zero-dimensional tensor. What matters to the dispatcher is the key set,
/// computed once when the tensor is made (PyTorch stores it in TensorImpl):
/// no call ever asks the tensor "what are you?" again.
class Tensor {
 public:
  Tensor(DispatchKeySet keySet, double value, bool requiresGrad = false, std::string_view gradFn = {})
      : keySet_(keySet), value_(value), requiresGrad_(requiresGrad), gradFn_(gradFn) {}

  DispatchKeySet keySet() const { return keySet_; }
  double item() const { return value_; }
  bool requiresGrad() const { return requiresGrad_; }
  /// The backward node an autograd kernel attached ("AddBackward0"), or "".
  std::string_view gradFn() const { return gradFn_; }
  /// The backend of the tensor's key set (CPUBit for a CPU tensor).
  BackendComponent backend() const { return keySet_.highestBackendKey(); }

 private:
  DispatchKeySet keySet_;
  double value_;
  bool requiresGrad_;
  std::string_view gradFn_;
};
// [tensor]

// [tensor_key_set]
/// {ADInplaceOrView, Autograd<backend>}: every tensor carries its autograd
/// keys, requires_grad or not. The autograd kernel checks requires_grad; the
/// key set stays the same, so making a tensor require grad costs no lookup.
DispatchKeySet getAutogradRelatedKeySetFromBackend(BackendComponent backend);
/// {Autocast<backend>} for CPU and CUDA, nothing for the others.
DispatchKeySet getAutocastRelatedKeySetFromBackend(BackendComponent backend);

/// A tensor on `backend` (CPUBit: {CPU, ADInplaceOrView, AutogradCPU, AutocastCPU}).
Tensor makeTensor(double value, BackendComponent backend = BackendComponent::CPUBit, bool requiresGrad = false);
// [tensor_key_set]

}  // namespace ch03
}  // namespace mini

/// Prints "tensor(3, CPUBit, requires_grad)", adding "grad_fn=AddBackward0" when set.
template <>
struct fmt::formatter<mini::Tensor> : fmt::formatter<std::string_view> {
  auto format(const mini::Tensor& t, fmt::format_context& ctx) const {
    auto out = fmt::format_to(ctx.out(), "tensor({}, {}", t.item(), t.backend());
    if (t.requiresGrad()) {
      out = fmt::format_to(out, ", requires_grad");
    }
    if (!t.gradFn().empty()) {
      out = fmt::format_to(out, ", grad_fn={}", t.gradFn());
    }
    return fmt::format_to(out, ")");
  }
};
