// Mutant: returns the mask the operator's DispatchKeyExtractor already holds instead of computing it
// Must fail: Exercise03_3.ComputesTheMaskItself
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
DispatchKeySet nonFallthroughKeysForBackend(const OperatorEntry& op, const Dispatcher& /*dispatcher*/,
                                            BackendComponent backend) {
  return op.dispatchKeyExtractor().nonFallthroughKeysForBackend(backend);
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
