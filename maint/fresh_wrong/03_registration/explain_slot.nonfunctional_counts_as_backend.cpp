// Mistake: I counted a NonFunctional kernel as a backend kernel too, so it keeps the math kernel out of the autograd
// slots

// Exercise 03.2: a fourth alias key, CompositeExplicitAutogradNonFunctional.
#include "mini/exercises/explain_slot.h"

#include "mini/core/alias_keys.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

SlotFill explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key) {
  if (op.hasKernelForDispatchKey(key)) {
    return {"kernel", key};
  }
  if (key == DispatchKey::Undefined ||
      isIncludedInAlias(key, DispatchKey::CompositeExplicitAutograd) /* NonFunctional serves the same keys here */) {
    if (op.hasKernelForDispatchKey(DispatchKey::CompositeExplicitAutogradNonFunctional)) {
      return {"default backend kernel", DispatchKey::CompositeExplicitAutogradNonFunctional};
    }
  }
  if (key == DispatchKey::Undefined || isIncludedInAlias(key, DispatchKey::CompositeExplicitAutograd)) {
    if (op.hasKernelForDispatchKey(DispatchKey::CompositeExplicitAutograd)) {
      return {"default backend kernel", DispatchKey::CompositeExplicitAutograd};
    }
  }
  const bool hasBackendKernel = op.hasKernelForAnyDispatchKey(getBackendKeySetFromAutograd(key)) ||
                                op.hasKernelForDispatchKey(DispatchKey::CompositeExplicitAutograd) ||
                                op.hasKernelForDispatchKey(DispatchKey::CompositeExplicitAutogradNonFunctional);
  if (key == DispatchKey::Undefined || isIncludedInAlias(key, DispatchKey::CompositeImplicitAutograd)) {
    if (op.hasKernelForDispatchKey(DispatchKey::CompositeImplicitAutograd)) {
      if (key == DispatchKey::AutogradOther && op.hasKernelForAnyDispatchKey(kAutogradOtherBackends)) {
        return {"ambiguous autogradother", std::nullopt};
      }
      if (!hasBackendKernel) {
        return {"math kernel", DispatchKey::CompositeImplicitAutograd};
      }
    }
  }
  if (isIncludedInAlias(key, DispatchKey::Autograd) && op.hasKernelForDispatchKey(DispatchKey::Autograd)) {
    return {"autograd kernel", DispatchKey::Autograd};
  }
  if (dispatcher.backendFallback(key) != nullptr) {
    return {"backend fallback", std::nullopt};
  }
  return {"missing", std::nullopt};
}

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
