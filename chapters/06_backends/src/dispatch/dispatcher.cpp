#include "mini/dispatch/dispatcher.h"

#include <stdexcept>

#include <fmt/format.h>

namespace mini {
inline namespace ch06 {

Dispatcher::OperatorDef* Dispatcher::findDef(std::string_view fullName) const {
  auto found = operatorLookupTable_.find(fullName);
  return found == operatorLookupTable_.end() ? nullptr : &*found->second;
}

std::optional<OperatorHandle> Dispatcher::findOp(std::string_view fullName) const {
  std::lock_guard lock(mutex_);
  OperatorDef* def = findDef(fullName);
  if (!def) {
    return std::nullopt;
  }
  return OperatorHandle(&def->op);
}

std::optional<OperatorHandle> Dispatcher::findSchema(std::string_view name, std::string_view overloadName) const {
  const std::string fullName = overloadName.empty() ? std::string(name) : fmt::format("{}.{}", name, overloadName);
  // The schema is checked under the lock too: a def() may be going away.
  std::lock_guard lock(mutex_);
  OperatorDef* def = findDef(fullName);
  if (!def || !def->op.hasSchema()) {
    return std::nullopt;
  }
  return OperatorHandle(&def->op);
}

OperatorHandle Dispatcher::findSchemaOrThrow(std::string_view name, std::string_view overloadName) const {
  if (auto op = findSchema(name, overloadName)) {
    return *op;
  }
  const std::string fullName = overloadName.empty() ? std::string(name) : fmt::format("{}.{}", name, overloadName);
  // Kernels without a def() usually mean a forgotten or misspelt def().
  const bool hasImpls = findOp(fullName).has_value();
  throw std::invalid_argument(fmt::format("Could not find schema for {}.{}{}", name, overloadName,
                                          hasImpls ? " but we found an implementation; did you forget to def() "
                                                     "the operator?"
                                                   : ""));
}

std::vector<std::string> Dispatcher::allOperatorNames() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> names;
  for (const OperatorDef& def : operators_) {
    names.push_back(def.op.name());
  }
  return names;
}

Dispatcher::OperatorDef& Dispatcher::findOrRegisterName(const std::string& fullName) {
  auto found = operatorLookupTable_.find(fullName);
  if (found != operatorLookupTable_.end()) {
    return *found->second;
  }
  operators_.emplace_back(fullName, *this);
  operatorLookupTable_.emplace(fullName, std::prev(operators_.end()));
  return operators_.back();
}

// An operator with nothing registered any more disappears, so a handle
// cannot reach a half-forgotten operator and a later def() starts afresh.
void Dispatcher::cleanup(const std::string& fullName) {
  auto found = operatorLookupTable_.find(fullName);
  if (found == operatorLookupTable_.end()) {
    return;
  }
  OperatorDef& def = *found->second;
  if (def.defCount == 0) {
    def.op.deregisterSchema();
  }
  if (def.defAndImplCount == 0) {
    operators_.erase(found->second);
    operatorLookupTable_.erase(found);
  }
}

RegistrationHandleRAII Dispatcher::registerDef(FunctionSchema schema, std::string debug,
                                               std::optional<AliasAnalysisKind> aliasAnalysis) {
  std::lock_guard lock(mutex_);
  const std::string fullName = schema.operatorName();
  OperatorDef& def = findOrRegisterName(fullName);
  if (def.defCount > 0) {
    throw std::invalid_argument(fmt::format(
        "Tried to register an operator ({}) with the same name and overload name multiple times. Each "
        "overload's schema should only be registered with a single call to def(). Duplicate registration: {}. "
        "Original registration: {}",
        schema, debug, def.op.schemaDebug()));
  }
  try {
    def.op.registerSchema(std::move(schema), std::move(debug), aliasAnalysis);
  } catch (...) {
    cleanup(fullName);
    throw;
  }
  ++def.defCount;
  ++def.defAndImplCount;
  return RegistrationHandleRAII([this, fullName] {
    std::lock_guard lock(mutex_);
    OperatorDef& def = *operatorLookupTable_.at(fullName);
    --def.defCount;
    --def.defAndImplCount;
    cleanup(fullName);
  });
}

RegistrationHandleRAII Dispatcher::registerImpl(const std::string& operatorName, DispatchKey key, KernelFunction kernel,
                                                std::optional<FunctionSchema> inferredSchema, std::string debug) {
  std::lock_guard lock(mutex_);
  if (!isRuntimeDispatchKey(key) && !isAliasDispatchKey(key)) {
    throw std::invalid_argument(
        fmt::format("Tried to register a kernel for {} on {}, which is neither a runtime "
                    "key nor an alias key. Registration: {}",
                    operatorName, key, debug));
  }
  OperatorDef& def = findOrRegisterName(operatorName);
  std::list<AnnotatedKernel>::iterator registered;
  try {
    registered = def.op.registerKernel(*this, key, std::move(kernel), std::move(inferredSchema), std::move(debug));
  } catch (...) {
    cleanup(operatorName);
    throw;
  }
  ++def.defAndImplCount;
  return RegistrationHandleRAII([this, operatorName, key, registered] {
    std::lock_guard lock(mutex_);
    OperatorDef& def = *operatorLookupTable_.at(operatorName);
    def.op.deregisterKernel(*this, key, registered);
    --def.defAndImplCount;
    cleanup(operatorName);
  });
}

RegistrationHandleRAII Dispatcher::registerFallback(DispatchKey key, KernelFunction kernel, std::string debug) {
  std::lock_guard lock(mutex_);
  if (!isRuntimeDispatchKey(key)) {
    throw std::invalid_argument(fmt::format(
        "Tried to register a backend fallback for {}, which is not a runtime key. Registration: {}", key, debug));
  }
  std::optional<AnnotatedKernel>& slot = backendFallbackKernels_[getDispatchTableIndexForDispatchKey(key)];
  if (slot) {
    throw std::invalid_argument(fmt::format(
        "Tried to register multiple backend fallbacks for the same dispatch key {}; previous registration {}, "
        "new registration {}",
        key, slot->debug, debug));
  }
  slot = AnnotatedKernel{std::move(kernel), std::nullopt, std::move(debug)};
  // A fallback serves every operator, those already there included.
  for (OperatorDef& def : operators_) {
    def.op.updateFallback(*this, key);
  }
  return RegistrationHandleRAII([this, key] {
    std::lock_guard lock(mutex_);
    backendFallbackKernels_[getDispatchTableIndexForDispatchKey(key)].reset();
    for (OperatorDef& def : operators_) {
      def.op.updateFallback(*this, key);
    }
  });
}

const AnnotatedKernel* Dispatcher::backendFallback(DispatchKey key) const {
  if (!isRuntimeDispatchKey(key)) {
    return nullptr;  // Undefined: a call without tensors has no backend to fall back on
  }
  const std::optional<AnnotatedKernel>& slot = backendFallbackKernels_[getDispatchTableIndexForDispatchKey(key)];
  return slot ? &*slot : nullptr;
}

RegistrationHandleRAII Dispatcher::registerLibrary(const std::string& ns, std::string debug) {
  std::lock_guard lock(mutex_);
  auto [found, inserted] = libraries_.emplace(ns, debug);
  if (!inserted) {
    throw std::invalid_argument(fmt::format(
        "Only a single MINI_LIBRARY can be used to register the namespace {}; please put all of your definitions "
        "in a single MINI_LIBRARY block. If you were trying to specify implementations, consider using "
        "MINI_LIBRARY_IMPL (which can be duplicated). If you really intended to define operators for a single "
        "namespace in a distributed way, you can use MINI_LIBRARY_FRAGMENT to explicitly indicate this. Previous "
        "registration of MINI_LIBRARY was {}; latest registration was {}",
        ns, found->second, debug));
  }
  return RegistrationHandleRAII([this, ns] {
    std::lock_guard lock(mutex_);
    libraries_.erase(ns);
  });
}

}  // namespace ch06
}  // namespace mini
