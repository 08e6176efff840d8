// Mistake: I removed every fallthrough key whatever its backend, the single mask the chapter started with

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
    (void)keyBackend;
    (void)backend;
    if (op.computeDispatchTableEntryWithDebug(dispatcher, key).kernel->kernel.isFallthrough()) {
      keys = keys.remove(key);
    }
  }
  return keys;
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
