#include "mini/dispatch_key_extractor.h"

namespace mini {
inline namespace ch06 {

// [compute_dispatch_key_set]
DispatchKeySet computeDispatchKeySet(DispatchKeySet tensorKeys, DispatchKeySet nonFallthroughKeys) {
  const LocalDispatchKeySet local = localDispatchKeySet();
  return ((tensorKeys | local.included) - local.excluded) & nonFallthroughKeys;
}
// [compute_dispatch_key_set]

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

// [get_dispatch_key_set_boxed]
DispatchKeySet DispatchKeyExtractor::getDispatchKeySetBoxed(const Stack& stack) const {
  DispatchKeySet tensorKeys;
  for (std::size_t position : tensorArgumentPositions_) {
    const IValue& argument = peek(stack, position, numArguments_);
    if (argument.isTensor()) {
      tensorKeys = tensorKeys | argument.toTensor().keySet();
    } else if (argument.isTensorList()) {
      for (const Tensor& tensor : argument.toTensorList()) {
        tensorKeys = tensorKeys | tensor.keySet();
      }
    }  // None, for an absent Tensor?, adds nothing
  }
  return computeDispatchKeySet(tensorKeys, nonFallthroughKeysFor(tensorKeys));
}
// [get_dispatch_key_set_boxed]

void DispatchKeyExtractor::registerSchema(const FunctionSchema& schema) {
  numArguments_ = schema.arguments.size();
  tensorArgumentPositions_ = schema.tensorArgumentPositions();
}

void DispatchKeyExtractor::deregisterSchema() {
  numArguments_ = 0;
  tensorArgumentPositions_.clear();
}

DispatchKeySet DispatchKeyExtractor::nonFallthroughKeysFor(DispatchKeySet tensorKeys) const {
  if (!requiresBitsetPerBackend_) [[likely]] {
    return nonFallthroughKeys_;
  }
  return nonFallthroughKeysForBackend(tensorKeys.highestBackendKey());
}

DispatchKeySet DispatchKeyExtractor::nonFallthroughKeysForBackend(BackendComponent backend) const {
  // A call without a backend (no tensors) uses the first backend's mask, as PyTorch's index 0 does.
  const std::size_t index = backend == BackendComponent::InvalidBit ? 0 : static_cast<std::size_t>(backend) - 1;
  return requiresBitsetPerBackend_ ? nonFallthroughKeysPerBackend_[index] : nonFallthroughKeys_;
}

}  // namespace ch06
}  // namespace mini
