// Mutant: starts from an empty set and adds the keys that are not fallthrough, losing the bits of other backends
// Must fail: Exercise03_3.AgreesWithTheOperatorForEverySmallSet
// Exercise 03.3: the keys a call of an operator must not skip.
// The lesson: chapters/03_registration/part3_computing_a_slot.md#exercise-33
// Declared in: mini/exercises/fallthrough_mask.h
#include "mini/exercises/fallthrough_mask.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// Per-backend keys of other backends are left alone: their functionality
// bit is shared with ours, and only our backend's slot decides it here.
DispatchKeySet nonFallthroughKeysForBackend(const OperatorEntry& op, const Dispatcher& dispatcher,
                                            BackendComponent backend) {
  DispatchKeySet mask;
  for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
    const BackendComponent keyBackend = toBackendComponent(key);
    if (keyBackend != BackendComponent::InvalidBit && keyBackend != backend) {
      continue;
    }
    if (op.computeDispatchTableEntryWithDebug(dispatcher, key).kernel->kernel.isFallthrough()) {
      mask = mask.remove(key);
    }
  }
  return mask;
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
