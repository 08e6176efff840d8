// Mutant: asks the dispatcher for its answer instead of writing the rules, which leaves the non-functional kernel out
// Must fail: Exercise03_2.WritesTheRulesItself
// Exercise 03.2: a fourth alias key, CompositeExplicitAutogradNonFunctional.
// The lesson: chapters/03_registration/part3_computing_a_slot.md#exercise-32
// Declared in: mini/exercises/explain_slot.h
#include "mini/exercises/explain_slot.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

SlotFill explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key) {
  const ComputedEntry entry = op.computeDispatchTableEntryWithDebug(dispatcher, key);
  const std::string why(entry.why);
  if (why == "kernel") return {why, key};
  if (why == "default backend kernel") return {why, DispatchKey::CompositeExplicitAutograd};
  if (why == "math kernel") return {why, DispatchKey::CompositeImplicitAutograd};
  if (why == "autograd kernel") return {why, DispatchKey::Autograd};
  return {why, std::nullopt};
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
