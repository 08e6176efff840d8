// Mutant: asks the dispatcher for the answer (computeDispatchTableEntryWithDebug) instead of writing the rules
// Must fail: Exercise03_2.WritesTheRulesItself
// Exercise 03.2: which rule fills a slot of an operator's dispatch table.
// The lesson: chapters/03_registration/README.md#exercise-32
// Declared in: mini/exercises/explain_slot.h
#include "mini/exercises/explain_slot.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// The rules as questions, asked in order; the first "yes" names the slot.
std::string explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key) {
  return op.computeDispatchTableEntryWithDebug(dispatcher, key).why;
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
