#pragma once
/// \file
/// \brief What a factory function is asked for: dtype, device, requires_grad.

#include "mini/core/device.h"
#include "mini/core/scalar_type.h"

namespace mini {
inline namespace ch06 {

/// torch.zeros(2, 3, dtype=..., device=..., requires_grad=...): the keyword
/// arguments of every factory, with torch's defaults (float32 on the CPU).
/// A factory has no tensor argument to take a key set from; these fields are
/// what its BackendSelect kernel turns into a dispatch key.
struct TensorOptions {
  ScalarType dtype = kDefaultFloatType;
  Device device = kCpu;
  bool requiresGrad = false;

  TensorOptions withDtype(ScalarType newDtype) const { return {newDtype, device, requiresGrad}; }
  TensorOptions withDevice(Device newDevice) const { return {dtype, newDevice, requiresGrad}; }
  TensorOptions withRequiresGrad(bool flag) const { return {dtype, device, flag}; }
};

}  // namespace ch06
}  // namespace mini
