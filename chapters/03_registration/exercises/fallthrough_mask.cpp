// Exercise 03.3: the keys a call of an operator must not skip.
// The lesson: chapters/03_registration/part3_computing_a_slot.md#exercise-33
// Declared in: mini/exercises/fallthrough_mask.h
#include "mini/exercises/fallthrough_mask.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// TODO(03.3): start from the full set; remove every runtime key whose
// computed slot holds a fallthrough kernel, but only the per-backend keys of
// `backend` (AutogradCPU and AutogradCUDA share one bit: think about why).
DispatchKeySet nonFallthroughKeysForBackend(const OperatorEntry& op, const Dispatcher& dispatcher,
                                            BackendComponent backend) {
  (void)op;
  (void)dispatcher;
  (void)backend;
  throw ExerciseNotDone("03.3");
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
