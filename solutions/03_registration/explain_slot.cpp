// Exercise 03.2: a fourth alias key, CompositeExplicitAutogradNonFunctional.
// The lesson: chapters/03_registration/part3_computing_a_slot.md#exercise-32
// Declared in: mini/exercises/explain_slot.h
#include "mini/exercises/explain_slot.h"
#include "mini/core/alias_keys.h"
#include "mini/util/exercise.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

namespace {

// The keys a CompositeExplicitAutogradNonFunctional kernel fills: 1.13's
// backend keys less XLA's, Lazy's and Sparse's, whose backends run
// functionalization; none of them is in this chapter, so every backend key.
bool nonFunctionalFills(DispatchKey key) {
  return key == DispatchKey::Undefined || isIncludedInAlias(key, DispatchKey::CompositeExplicitAutograd);
}

}  // namespace

// 1.13's order: the slot's own kernel, the non-functional default backend
// kernel, the default backend kernel, the math kernel, the autograd kernel,
// a backend fallback. A no-tensor call (Undefined) is served by every
// composite.
SlotFill explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key) {
  const auto has = [&](DispatchKey registered) { return op.hasKernelForDispatchKey(registered); };
  const bool noTensors = key == DispatchKey::Undefined;
  if (has(key)) return {"kernel", key};
  if (nonFunctionalFills(key) && has(DispatchKey::CompositeExplicitAutogradNonFunctional)) {
    return {"default backend kernel", DispatchKey::CompositeExplicitAutogradNonFunctional};
  }
  if ((noTensors || isIncludedInAlias(key, DispatchKey::CompositeExplicitAutograd)) &&
      has(DispatchKey::CompositeExplicitAutograd)) {
    return {"default backend kernel", DispatchKey::CompositeExplicitAutograd};
  }
  if ((noTensors || isIncludedInAlias(key, DispatchKey::CompositeImplicitAutograd)) &&
      has(DispatchKey::CompositeImplicitAutograd)) {
    if (key == DispatchKey::AutogradOther && op.hasKernelForAnyDispatchKey(kAutogradOtherBackends)) {
      return {"ambiguous autogradother", std::nullopt};
    }
    // Only a kernel written for this backend, or for every backend with its
    // own autograd formula (CompositeExplicitAutograd), holds the math
    // kernel back. A non-functional one does not: 1.13 does not ask.
    const bool backendKernel =
        op.hasKernelForAnyDispatchKey(getBackendKeySetFromAutograd(key)) || has(DispatchKey::CompositeExplicitAutograd);
    if (!backendKernel) return {"math kernel", DispatchKey::CompositeImplicitAutograd};
  }
  if (isIncludedInAlias(key, DispatchKey::Autograd) && has(DispatchKey::Autograd)) {
    return {"autograd kernel", DispatchKey::Autograd};
  }
  if (dispatcher.backendFallback(key) != nullptr) return {"backend fallback", std::nullopt};
  return {"missing", std::nullopt};
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
