#include "mini/core/device.h"

namespace mini {
inline namespace ch05 {

std::string_view deviceTypeName(BackendComponent type) {
  switch (type) {
    case BackendComponent::CPUBit: return "cpu";
    case BackendComponent::CUDABit: return "cuda";
    case BackendComponent::MetaBit: return "meta";
    case BackendComponent::PrivateUse1Bit: return "privateuseone";
    case BackendComponent::InvalidBit: break;
  }
  return "invalid";
}

}  // namespace ch05
}  // namespace mini
