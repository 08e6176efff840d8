#include "mini/dispatch/dispatch_key_extractor.h"

namespace mini {
inline namespace ch03 {

// [fallthrough_mask]
void DispatchKeyExtractor::setOperatorHasFallthroughForKey(DispatchKey key, bool hasFallthrough) {
  const auto update = [&](DispatchKeySet mask) { return hasFallthrough ? mask.remove(key) : mask.add(key); };
  // The single mask: removing AutogradCPU's bit removes it for every backend,
  // which is only right while all backends agree.
  nonFallthroughKeys_ = update(nonFallthroughKeys_);

  const BackendComponent backend = toBackendComponent(key);
  if (backend == BackendComponent::InvalidBit) {
    // Not per-backend (ADInplaceOrView, AutogradOther, ...): every backend agrees.
    for (DispatchKeySet& mask : nonFallthroughKeysPerBackend_) {
      mask = update(mask);
    }
    return;
  }
  DispatchKeySet& mask = nonFallthroughKeysPerBackend_[static_cast<std::size_t>(backend) - 1];
  mask = update(mask);
  requiresBitsetPerBackend_ = false;
  for (const DispatchKeySet& other : nonFallthroughKeysPerBackend_) {
    requiresBitsetPerBackend_ = requiresBitsetPerBackend_ || other != nonFallthroughKeysPerBackend_[0];
  }
}
// [fallthrough_mask]

}  // namespace ch03
}  // namespace mini
