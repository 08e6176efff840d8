// Exercise 03.2: a fourth alias key, CompositeExplicitAutogradNonFunctional.
// The lesson: chapters/03_registration/part3_computing_a_slot.md#exercise-32
// Declared in: mini/exercises/explain_slot.h
#include "mini/exercises/explain_slot.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// TODO(03.2): PyTorch 1.13's rules, first match wins, with the kernel on
// CompositeExplicitAutogradNonFunctional in its place among them: which
// rule fills the slot of `key`, and the key its kernel is registered on.
// op.hasKernelForDispatchKey(), op.hasKernelForAnyDispatchKey(),
// isIncludedInAlias() and dispatcher.backendFallback() answer every
// question you need.
SlotFill explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key) {
  (void)op;
  (void)dispatcher;
  (void)key;
  throw ExerciseNotDone("03.2");
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
