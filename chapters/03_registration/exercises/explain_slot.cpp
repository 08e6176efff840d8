// Exercise 03.2: which rule fills a slot of an operator's dispatch table.
// The lesson: chapters/03_registration/README.md#exercise-32
// Declared in: mini/exercises/explain_slot.h
#include "mini/exercises/explain_slot.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// TODO(03.2): the six rules of PyTorch 1.13, first match wins: a kernel on
// the key; CompositeExplicitAutograd; CompositeImplicitAutograd (with the
// AutogradOther ambiguity and the has-backend-kernel rule); Autograd; a
// backend fallback; missing. op.getKernelForDispatchKey(),
// op.hasKernelForAnyDispatchKey(), isIncludedInAlias() and
// dispatcher.backendFallback() answer every question you need.
std::string explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key) {
  (void)op;
  (void)dispatcher;
  (void)key;
  throw ExerciseNotDone("03.2");
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
