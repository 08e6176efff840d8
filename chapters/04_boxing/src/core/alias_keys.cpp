#include "mini/core/alias_keys.h"

namespace mini {
inline namespace ch04 {

DispatchKeySet getRuntimeDispatchKeySet(DispatchKey key) {
  switch (key) {
    case DispatchKey::Autograd: return kAutogradDispatchKeySet;
    case DispatchKey::CompositeExplicitAutograd: return kBackendDispatchKeySet;
    case DispatchKey::CompositeImplicitAutograd: return kBackendDispatchKeySet | kAutogradDispatchKeySet;
    default: return DispatchKeySet(key);
  }
}

bool isIncludedInAlias(DispatchKey key, DispatchKey alias) {
  // Undefined has no bits, and the empty set is in every set: say no explicitly.
  return key != DispatchKey::Undefined && getRuntimeDispatchKeySet(alias).has(key);
}

DispatchKeySet getBackendKeySetFromAutograd(DispatchKey autogradKey) {
  if (autogradKey == DispatchKey::AutogradOther) {
    return kAutogradOtherBackends;
  }
  if (toFunctionalityKey(autogradKey) == DispatchKey::AutogradFunctionality &&
      autogradKey != DispatchKey::AutogradFunctionality) {
    return toRuntimePerBackendFunctionalityKey(DispatchKey::Dense, toBackendComponent(autogradKey));
  }
  return {};
}

DispatchKey getAutogradKeyFromBackend(DispatchKey backendKey) {
  const BackendComponent backend = toBackendComponent(backendKey);
  if (backend == BackendComponent::InvalidBit) {
    return DispatchKey::AutogradOther;
  }
  return toRuntimePerBackendFunctionalityKey(DispatchKey::AutogradFunctionality, backend);
}

bool isBackendDispatchKey(DispatchKey key) {
  return key != DispatchKey::Undefined && !isAliasDispatchKey(key) && kBackendDispatchKeySet.has(key);
}

}  // namespace ch04
}  // namespace mini
