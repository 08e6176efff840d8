// Mistake: I only looked at kernels registered on the key itself, not at what the computed slot holds (fallbacks, alias
// keys)

// Exercise 03.3: the keys a call of an operator must not skip.
#include "mini/exercises/fallthrough_mask.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

DispatchKeySet nonFallthroughKeysForBackend(const OperatorEntry& op, const Dispatcher& dispatcher,
                                            BackendComponent backend) {
  DispatchKeySet keys(DispatchKeySet::FULL);
  for (std::size_t slot = 1; slot < kNumRuntimeEntries; ++slot) {
    const DispatchKey key = runtimeKeyForSlot(slot);
    const BackendComponent keyBackend = toBackendComponent(key);
    if (keyBackend != BackendComponent::InvalidBit && keyBackend != backend) {
      continue;
    }
    (void)dispatcher;
    const AnnotatedKernel* registered = op.getKernelForDispatchKey(key);
    if (registered != nullptr && registered->kernel.isFallthrough()) {
      keys = keys.remove(key);
    }
  }
  return keys;
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
