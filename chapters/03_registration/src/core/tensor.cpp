#include "mini/core/tensor.h"

namespace mini {
inline namespace ch03 {

DispatchKeySet getAutogradRelatedKeySetFromBackend(BackendComponent backend) {
  return DispatchKeySet(DispatchKey::ADInplaceOrView) |
         DispatchKeySet(toRuntimePerBackendFunctionalityKey(DispatchKey::AutogradFunctionality, backend));
}

DispatchKeySet getAutocastRelatedKeySetFromBackend(BackendComponent backend) {
  switch (backend) {
    case BackendComponent::CPUBit: return DispatchKey::AutocastCPU;
    case BackendComponent::CUDABit: return DispatchKey::AutocastCUDA;
    default: return {};
  }
}

Tensor makeTensor(double value, BackendComponent backend, bool requiresGrad) {
  const DispatchKeySet keySet = DispatchKeySet(toRuntimePerBackendFunctionalityKey(DispatchKey::Dense, backend)) |
                                getAutogradRelatedKeySetFromBackend(backend) |
                                getAutocastRelatedKeySetFromBackend(backend);
  return Tensor(keySet, value, requiresGrad);
}

}  // namespace ch03
}  // namespace mini
