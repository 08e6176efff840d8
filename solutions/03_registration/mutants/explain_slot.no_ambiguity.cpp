// Mutant: forgets that AutogradOther is ambiguous when an "other" backend has a kernel
// Must fail: Exercise03_2.TheLessonsExamples
// Exercise 03.2: which rule fills a slot of an operator's dispatch table.
// The lesson: chapters/03_registration/README.md#exercise-32
// Declared in: mini/exercises/explain_slot.h
#include "mini/exercises/explain_slot.h"
#include "mini/core/alias_keys.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

// The rules as questions, asked in order; the first "yes" names the slot.
std::string explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key) {
  const auto has = [&](DispatchKey registered) { return op.hasKernelForDispatchKey(registered); };
  // A call without tensors (Undefined) is served by the composites too.
  const bool noTensors = key == DispatchKey::Undefined;
  if (has(key)) return "kernel";
  if ((noTensors || isIncludedInAlias(key, DispatchKey::CompositeExplicitAutograd)) &&
      has(DispatchKey::CompositeExplicitAutograd)) {
    return "default backend kernel";
  }
  if (noTensors || isIncludedInAlias(key, DispatchKey::CompositeImplicitAutograd)) {
    // An autograd key whose backend has its own kernel lets the call
    // through to it; so does any key once a CompositeExplicitAutograd kernel
    // exists.
    const bool backendHasKernel =
        op.hasKernelForAnyDispatchKey(getBackendKeySetFromAutograd(key)) || has(DispatchKey::CompositeExplicitAutograd);
    if (!backendHasKernel && has(DispatchKey::CompositeImplicitAutograd)) return "math kernel";
  }
  if (isIncludedInAlias(key, DispatchKey::Autograd) && has(DispatchKey::Autograd)) return "autograd kernel";
  if (dispatcher.backendFallback(key) != nullptr) return "backend fallback";
  return "missing";
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
