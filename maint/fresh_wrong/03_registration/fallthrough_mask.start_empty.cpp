// Mistake: I started from the empty set and added each key of this backend whose slot is not a fallthrough

// Exercise 03.3: the keys a call of an operator must not skip.
#include "mini/exercises/fallthrough_mask.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

DispatchKeySet nonFallthroughKeysForBackend(const OperatorEntry& op, const Dispatcher& dispatcher,
                                            BackendComponent backend) {
  DispatchKeySet keys;
  for (std::size_t slot = 1; slot < kNumRuntimeEntries; ++slot) {
    const DispatchKey key = runtimeKeyForSlot(slot);
    const BackendComponent keyBackend = toBackendComponent(key);
    if (keyBackend != BackendComponent::InvalidBit && keyBackend != backend) {
      continue;
    }
    if (!op.computeDispatchTableEntryWithDebug(dispatcher, key).kernel->kernel.isFallthrough()) {
      keys = keys.add(key);
    }
  }
  return keys;
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
