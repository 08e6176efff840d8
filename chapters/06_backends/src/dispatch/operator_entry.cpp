#include "mini/dispatch/operator_entry.h"

#include <stdexcept>

#include <fmt/format.h>

#include "mini/core/alias_keys.h"
#include "mini/dispatch/dispatch_explain.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/util/operator_error.h"
#include "mini/util/warning.h"

namespace mini {
inline namespace ch06 {

namespace {

// The slot of Undefined (a call with no tensors at all) is slot 0; every
// other runtime key has the slot its key set reads.
std::size_t slotOf(DispatchKey runtimeKey) {
  return runtimeKey == DispatchKey::Undefined ? 0 : getDispatchTableIndexForDispatchKey(runtimeKey);
}

// Every runtime key that has a slot, in slot order, Undefined first.
std::vector<DispatchKey> allRuntimeKeys() {
  std::vector<DispatchKey> keys{DispatchKey::Undefined};
  for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
    keys.push_back(key);
  }
  return keys;
}

const AnnotatedKernel& missingKernel() {
  static const AnnotatedKernel missing{KernelFunction(), std::nullopt, "missing"};
  return missing;
}

const AnnotatedKernel& ambiguousAutogradOtherKernel() {
  static const AnnotatedKernel ambiguous{KernelFunction::makeAmbiguousAutogradOther(), std::nullopt,
                                         "ambiguous_autogradother"};
  return ambiguous;
}

}  // namespace

OperatorEntry::OperatorEntry(std::string name, const Dispatcher& dispatcher) : name_(std::move(name)) {
  for (DispatchKey key : allRuntimeKeys()) {
    updateDispatchTableEntry(dispatcher, key);
  }
  publish();
}

void OperatorEntry::registerSchema(FunctionSchema schema, std::string debug,
                                   std::optional<AliasAnalysisKind> aliasAnalysis) {
  draft_.dispatchKeyExtractor.registerSchema(schema);
  schema_ = SchemaAndDebug{std::move(schema), std::move(debug), aliasAnalysis};
  // impl()s may come before the def() (static initialisation order across
  // files is unspecified): check them now, and refuse the def on a mismatch.
  try {
    for (const auto& [key, kernels] : kernels_) {
      for (const AnnotatedKernel& kernel : kernels) {
        checkSchema(kernel);
      }
    }
  } catch (...) {
    schema_.reset();
    draft_.dispatchKeyExtractor.deregisterSchema();
    throw;
  }
  // Boxed calls read the argument positions from the published table.
  publish();
}

void OperatorEntry::deregisterSchema() {
  // The Dispatcher's cleanup after a failed registration calls this on an
  // operator without a schema: nothing to undo, so no table to publish.
  if (!schema_) {
    return;
  }
  schema_.reset();
  draft_.dispatchKeyExtractor.deregisterSchema();
  publish();
}

void OperatorEntry::checkSchema(const AnnotatedKernel& kernel) const {
  if (!schema_ || !kernel.inferredSchema) {
    return;
  }
  if (auto reason = findSchemaDifferences(*kernel.inferredSchema, schema_->schema)) {
    throw std::invalid_argument(
        fmt::format("Inferred operator schema for a C++ kernel function doesn't match the expected function schema.\n"
                    "  operator: {}\n"
                    "  expected schema: {}\n"
                    "    {}\n"
                    "  inferred schema: {}\n"
                    "    {}\n"
                    "  reason: {}",
                    name_, schema_->schema, schema_->debug, *kernel.inferredSchema, kernel.debug, *reason));
  }
}

// [register_kernel]
std::list<AnnotatedKernel>::iterator OperatorEntry::registerKernel(const Dispatcher& dispatcher, DispatchKey key,
                                                                   KernelFunction kernel,
                                                                   std::optional<FunctionSchema> inferredSchema,
                                                                   std::string debug) {
  AnnotatedKernel annotated{std::move(kernel), std::move(inferredSchema), std::move(debug)};
  // Every kernel of one operator must have the same C++ type: typed<>()
  // checks callers against it. Checked before the schema, as c10 does, so a
  // kernel that disagrees with both the first kernel and the schema is
  // reported as the C++-signature mismatch.
  if (const auto& signature = annotated.kernel.cppSignature()) {
    if (cppSignature_ && !(cppSignature_->signature == *signature)) {
      throw std::invalid_argument(fmt::format(
          "Mismatch in kernel C++ signatures\n  operator: {}\n  kernel 1: {}\n    dispatch key: {}\n    {}\n"
          "  kernel 2: {}\n    dispatch key: {}\n    {}",
          hasSchema() ? schema().toString() : name_, cppSignature_->signature.name(), cppSignature_->key,
          cppSignature_->debug, signature->name(), key, annotated.debug));
    }
    if (!cppSignature_) {
      cppSignature_ = CppSignatureWithDebug{*signature, annotated.debug, key};
    }
  }
  checkSchema(annotated);

  std::list<AnnotatedKernel>& onKey = kernels_[key];
  if (!onKey.empty()) {
    // Allowed, so a library can override a kernel, but rarely meant.
    warn(
        fmt::format("Overriding a previously registered kernel for the same operator and the same dispatch key\n"
                    "  operator: {}\n    {}\n  dispatch key: {}\n  previous kernel: {}\n       new kernel: {}",
                    hasSchema() ? schema().toString() : name_, hasSchema() ? schemaDebug() : "no debug info", key,
                    onKey.front().debug, annotated.debug));
  }
  // Newest first: the front of the list is the one the table uses.
  onKey.push_front(std::move(annotated));
  updateDispatchTable(dispatcher, key);
  publish();
  return onKey.begin();
}

void OperatorEntry::deregisterKernel(const Dispatcher& dispatcher, DispatchKey key,
                                     std::list<AnnotatedKernel>::iterator kernel) {
  auto found = kernels_.find(key);
  found->second.erase(kernel);
  if (found->second.empty()) {
    kernels_.erase(found);
  }
  // The next newest kernel (or a rule further down) takes the slot back.
  updateDispatchTable(dispatcher, key);
  publish();
}
// [register_kernel]

void OperatorEntry::updateFallback(const Dispatcher& dispatcher, DispatchKey key) {
  updateDispatchTableEntry(dispatcher, key);
  publish();
}

const AnnotatedKernel* OperatorEntry::getKernelForDispatchKey(DispatchKey key) const {
  auto found = kernels_.find(key);
  return found == kernels_.end() ? nullptr : &found->second.front();
}

bool OperatorEntry::hasKernelForAnyDispatchKey(DispatchKeySet keys) const {
  for (const auto& [key, kernels] : kernels_) {
    if (!isAliasDispatchKey(key) && keys.has(key)) {
      return true;
    }
  }
  return false;
}

// [compute_dispatch_table_entry]
ComputedEntry OperatorEntry::computeDispatchTableEntryWithDebug(const Dispatcher& dispatcher, DispatchKey key) const {
  // 1. A kernel registered on the key itself always wins.
  if (const AnnotatedKernel* direct = getKernelForDispatchKey(key)) {
    return {direct, "kernel"};
  }

  // 2. CompositeExplicitAutograd: one kernel for every backend, which still
  //    needs autograd from somewhere else. A call with no tensors at all
  //    (Undefined) takes it too.
  const bool hasBackendKernel = hasKernelForAnyDispatchKey(getBackendKeySetFromAutograd(key)) ||
                                hasKernelForDispatchKey(DispatchKey::CompositeExplicitAutograd);
  if (key == DispatchKey::Undefined || isIncludedInAlias(key, DispatchKey::CompositeExplicitAutograd)) {
    if (const AnnotatedKernel* composite = getKernelForDispatchKey(DispatchKey::CompositeExplicitAutograd)) {
      return {composite, "default backend kernel"};
    }
  }

  // 3. CompositeImplicitAutograd: written in terms of other operators, so it
  //    works on every backend and under autograd. But not on an autograd key
  //    whose backend has a kernel of its own: that backend kernel is meant to
  //    run, and this key must let the call through to it.
  if (key == DispatchKey::Undefined || isIncludedInAlias(key, DispatchKey::CompositeImplicitAutograd)) {
    if (const AnnotatedKernel* math = getKernelForDispatchKey(DispatchKey::CompositeImplicitAutograd)) {
      // AutogradOther serves several backends at once. If one of them has
      // its own kernel, running the math kernel would be wrong for it and
      // not running it wrong for the others: a slot nobody can fill
      // correctly. Without a math kernel there is nothing to be torn about.
      if (key == DispatchKey::AutogradOther && hasKernelForAnyDispatchKey(kAutogradOtherBackends)) {
        return {&ambiguousAutogradOtherKernel(), "ambiguous autogradother"};
      }
      if (!hasBackendKernel) {
        return {math, "math kernel"};
      }
    }
  }

  // 4. Autograd (alias): one autograd kernel for every backend.
  if (isIncludedInAlias(key, DispatchKey::Autograd)) {
    if (const AnnotatedKernel* autograd = getKernelForDispatchKey(DispatchKey::Autograd)) {
      return {autograd, "autograd kernel"};
    }
  }

  // 5. A backend fallback: one kernel for every operator on this key.
  if (const AnnotatedKernel* fallback = dispatcher.backendFallback(key)) {
    return {fallback, "backend fallback"};
  }

  // 6. Nothing: a call landing here is the "Could not run" error.
  return {&missingKernel(), "missing"};
}
// [compute_dispatch_table_entry]

// [update_dispatch_table]
void OperatorEntry::updateDispatchTableEntry(const Dispatcher& dispatcher, DispatchKey runtimeKey) {
  const KernelFunction& kernel = computeDispatchTableEntryWithDebug(dispatcher, runtimeKey).kernel->kernel;
  draft_.slots[slotOf(runtimeKey)] = kernel;
  if (runtimeKey != DispatchKey::Undefined) {
    draft_.dispatchKeyExtractor.setOperatorHasFallthroughForKey(runtimeKey, kernel.isFallthrough());
  }
}

// A registration on `key` can change the slots `key` stands for, and more.
void OperatorEntry::updateDispatchTable(const Dispatcher& dispatcher, DispatchKey key) {
  for (DispatchKey runtimeKey : getRuntimeDispatchKeySet(key).keys()) {
    updateDispatchTableEntry(dispatcher, runtimeKey);
  }
  // The composites also serve calls without tensors.
  if (key == DispatchKey::CompositeImplicitAutograd || key == DispatchKey::CompositeExplicitAutograd) {
    updateDispatchTableEntry(dispatcher, DispatchKey::Undefined);
  }
  // A backend kernel decides whether CompositeImplicitAutograd may fill the
  // backend's autograd slot (rule 3), so that slot changes too.
  if (isBackendDispatchKey(key)) {
    updateDispatchTableEntry(dispatcher, getAutogradKeyFromBackend(key));
  }
  // A CompositeExplicitAutograd kernel counts as a backend kernel for every
  // autograd slot (rule 3). PyTorch 1.13 does not refresh them here, so after
  // CompositeImplicitAutograd then CompositeExplicitAutograd its table keeps
  // stale math kernels that its own dumpComputedTable() does not show; we do.
  if (key == DispatchKey::CompositeExplicitAutograd) {
    for (DispatchKey autogradKey : kAutogradDispatchKeySet.keys()) {
      updateDispatchTableEntry(dispatcher, autogradKey);
    }
  }
}
// [update_dispatch_table]

// [publish]
// The writer's half of the lock-free read: everything the draft holds is
// written before the release store, and a call's acquire load of the pointer
// sees all of it. Tables are never freed before the operator, so there is no
// moment at which a call could hold a pointer to freed memory; the price is
// memory, one table per registration, which load-time registration keeps small.
void OperatorEntry::publish() {
  publishedTables_.push_back(std::make_unique<const DispatchTable>(draft_));
  dispatchTable_.store(publishedTables_.back().get(), std::memory_order_release);
}
// [publish]

void OperatorEntry::assertSignatureIsCorrect(const CppSignature& signature) const {
  if (!cppSignature_ || cppSignature_->signature == signature) {
    return;
  }
  throw std::invalid_argument(fmt::format(
      "Tried to access or call an operator with a wrong signature.\n"
      "  operator: {}\n    {}\n"
      "  correct signature:  {}\n    {}\n"
      "  accessed/called as: {}\n"
      "This likely happened in a call to OperatorHandle::typed<Return (Args...)>(). Please make sure that the "
      "function signature matches the signature in the operator registration call.",
      hasSchema() ? schema().toString() : name_, hasSchema() ? schemaDebug() : "unknown debug info",
      cppSignature_->signature.name(), cppSignature_->debug, signature.name()));
}

std::string OperatorEntry::dumpState() const {
  std::string out = fmt::format("name: {}\n", name_);
  if (schema_) {
    // The dispatcher never reads the alias analysis kind; it is printed
    // because PyTorch prints it, "(default)" when the def() gave none.
    out += fmt::format("schema: {}\ndebug: {}\nalias analysis kind: {}{}\n", schema_->schema, schema_->debug,
                       toString(schema_->aliasAnalysis.value_or(AliasAnalysisKind::CONSERVATIVE)),
                       schema_->aliasAnalysis ? "" : " (default)");
  } else {
    out += "schema: (none)\n";
  }
  // kernels_ is ordered by DispatchKey; the newest kernel of a key is first
  // and the only active one.
  for (const auto& [key, kernels] : kernels_) {
    bool first = true;
    for (const AnnotatedKernel& kernel : kernels) {
      out +=
          fmt::format("{}{}{}: {}{} :: {} [ {}]\n", key, isAliasDispatchKey(key) ? "[alias]" : "",
                      first ? "" : " (inactive)", kernel.kernel.isFallthrough() ? "fallthrough " : "", kernel.debug,
                      kernel.inferredSchema ? kernel.inferredSchema->toString() : "(none)", kernel.kernel.dumpState());
      first = false;
    }
  }
  return out;
}

std::string OperatorEntry::dumpComputedTable() const {
  std::string out;
  for (DispatchKey key : allRuntimeKeys()) {
    const ComputedEntry entry = computeDispatchTableEntryWithDebug(Dispatcher::singleton(), key);
    if (entry.kernel->kernel.isValid()) {
      out += fmt::format("{}: {}{} [{}]\n", key, entry.kernel->kernel.isFallthrough() ? "fallthrough " : "",
                         entry.kernel->debug, entry.why);
    }
  }
  return out;
}

std::string OperatorEntry::listAllDispatchKeys() const {
  std::string out;
  for (DispatchKey key : DispatchKeySet(DispatchKeySet::FULL).keys()) {
    if (dispatchTable().slots[slotOf(key)].isValid()) {
      out += fmt::format("{}{}", out.empty() ? "" : ", ", key);
    }
  }
  return fmt::format("[{}]", out);
}

std::string OperatorEntry::describeDispatchTableEntry(DispatchKey key) const {
  const std::lock_guard lock(Dispatcher::singleton().mutex_);
  return describeComputedEntry(key, computeDispatchTableEntryWithDebug(Dispatcher::singleton(), key));
}

void OperatorEntry::reportError(DispatchKey key) const {
  // The message describes the registrations, which a registration on another
  // thread may be changing: read them under its lock.
  const std::lock_guard lock(Dispatcher::singleton().mutex_);
  if (key == DispatchKey::Undefined) {
    throw std::runtime_error(fmt::format(
        "There were no tensor arguments to this function (e.g., you passed an empty list of Tensors), but no "
        "fallback function is registered for schema {}. This usually means that this function requires a "
        "non-empty list of Tensors, or that you (the operator writer) forgot to register a fallback function. "
        "Available functions are {}.\n\n{}",
        name_, listAllDispatchKeys(), dumpComputedTable()));
  }
  throw NotImplementedError(
      fmt::format("Could not run '{}' with arguments from the '{}' backend. This could be because the operator doesn't "
                  "exist for this backend, or was omitted during the selective/custom build process (if using custom "
                  "build). '{}' is only available for these backends: {}.\n\n{}",
                  name_, key, name_, listAllDispatchKeys(), dumpComputedTable()));
}

}  // namespace ch06
}  // namespace mini
