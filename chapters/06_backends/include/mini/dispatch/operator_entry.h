#pragma once
/// \file
/// \brief OperatorEntry: one operator's schema, its registered kernels, and the
///        dispatch table computed from them.

#include <array>
#include <atomic>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mini/boxing/kernel_function.h"
#include "mini/dispatch/cpp_signature.h"
#include "mini/dispatch/dispatch_key_extractor.h"
#include "mini/dispatch/operator_options.h"
#include "mini/op_registration/function_schema.h"

namespace mini {
inline namespace ch06 {

class Dispatcher;

/// A kernel as registered: the kernel, the schema its C++ type implies, and
/// where it came from ("registered at src/extension/myadd.cpp:40", or a name such as
/// "fn_CPU" given by the dispatch-table tool).
struct AnnotatedKernel {
  KernelFunction kernel;
  std::optional<FunctionSchema> inferredSchema;
  std::string debug;
};

/// Why a slot holds what it holds, as dumpComputedTable() prints it.
struct ComputedEntry {
  const AnnotatedKernel* kernel;  ///< never null; the missing kernel when `why` is "missing"
  const char* why;                ///< "kernel", "default backend kernel", "math kernel", ...
};

// [dispatch_table]
/// What a call reads of its operator: one KernelFunction per runtime slot and
/// the fallthrough mask that goes with them. A published DispatchTable never
/// changes, so a call may use it while another thread registers a kernel
/// and publishes the next one (see OperatorEntry::publish()).
struct DispatchTable {
  std::array<KernelFunction, kNumRuntimeEntries> slots{};
  DispatchKeyExtractor dispatchKeyExtractor;
};
// [dispatch_table]

// [operator_entry]
/// Everything the dispatcher knows about one operator (c10::impl::OperatorEntry).
///
/// Two structures, one derived from the other:
/// - kernels_: every registration, per key, alias keys included, newest first;
/// - the dispatch table: one KernelFunction per runtime slot, *computed* from
///   kernels_ and the backend fallbacks by computeDispatchTableEntryWithDebug().
/// Registration is rare and may be slow, and runs under the Dispatcher's
/// lock; a call takes no lock: it loads the published table once and reads
/// one slot.
class OperatorEntry {
 public:
  /// A new operator's table starts with the dispatcher's backend fallbacks.
  OperatorEntry(std::string name, const Dispatcher& dispatcher);

  /// `myops::myadd` or `aten::add.Tensor`.
  const std::string& name() const { return name_; }
  bool hasSchema() const { return schema_.has_value(); }
  /// The def()'d schema; check hasSchema() first.
  const FunctionSchema& schema() const { return schema_->schema; }
  const std::string& schemaDebug() const { return schema_->debug; }

  /// `aliasAnalysis` empty: none was given, CONSERVATIVE "(default)" in dumpState().
  void registerSchema(FunctionSchema schema, std::string debug,
                      std::optional<AliasAnalysisKind> aliasAnalysis = AliasAnalysisKind::FROM_SCHEMA);
  void deregisterSchema();

  /// Adds a kernel on `key` (runtime or alias) and recomputes the slots it
  /// can affect. Returns where it sits, for deregisterKernel.
  std::list<AnnotatedKernel>::iterator registerKernel(const Dispatcher& dispatcher, DispatchKey key,
                                                      KernelFunction kernel,
                                                      std::optional<FunctionSchema> inferredSchema, std::string debug);
  void deregisterKernel(const Dispatcher& dispatcher, DispatchKey key, std::list<AnnotatedKernel>::iterator kernel);

  /// A backend fallback on runtime key `key` was added or removed.
  void updateFallback(const Dispatcher& dispatcher, DispatchKey key);

  /// The table calls read now: one acquire load, which sees everything the
  /// registration that published it wrote.
  const DispatchTable& dispatchTable() const { return *dispatchTable_.load(std::memory_order_acquire); }

  /// The kernel for a call whose (masked) key set is `dispatchKeySet`, from
  /// `table`: the table whose mask computed that key set, so the two agree
  /// even if a registration publishes a new table in between.
  const KernelFunction& lookup(const DispatchTable& table, DispatchKeySet dispatchKeySet) const {
    const KernelFunction& kernel = table.slots[dispatchKeySet.getDispatchTableIndexForDispatchKeySet()];
    if (!kernel.isValid()) [[unlikely]] {
      reportError(dispatchKeySet.highestPriorityKey());
    }
    return kernel;
  }
  /// The same from the table published now: for a lookup that needs no mask
  /// (a redispatch, whose key set is given) or a test.
  const KernelFunction& lookup(DispatchKeySet dispatchKeySet) const { return lookup(dispatchTable(), dispatchKeySet); }

  const DispatchKeyExtractor& dispatchKeyExtractor() const { return dispatchTable().dispatchKeyExtractor; }

  /// What the slot of runtime key `key` must hold, and why: PyTorch 1.13's
  /// rules, in order. The heart of this chapter.
  ComputedEntry computeDispatchTableEntryWithDebug(const Dispatcher& dispatcher, DispatchKey key) const;

  /// The newest kernel registered on `key` itself, or null.
  const AnnotatedKernel* getKernelForDispatchKey(DispatchKey key) const;
  bool hasKernelForDispatchKey(DispatchKey key) const { return getKernelForDispatchKey(key) != nullptr; }
  /// True if a kernel sits on any runtime key in `keys` (alias keys never count).
  bool hasKernelForAnyDispatchKey(DispatchKeySet keys) const;

  /// The registrations, in PyTorch's format (torch._C._dispatch_dump).
  std::string dumpState() const;
  /// The computed table, one line per valid slot (torch._C._dispatch_dump_table).
  std::string dumpComputedTable() const;
  /// Throws, with the state and the computed table, when a published slot is
  /// not what computeDispatchTableEntryWithDebug() says it must hold
  /// (torch._C._dispatch_check_invariants); operator_entry_invariants.cpp.
  void checkInvariants() const;
  /// `[CPU, BackendSelect, ...]`: the runtime keys whose slot is valid.
  std::string listAllDispatchKeys() const;
  /// Which registration fills the slot of runtime key `key`, in words
  /// (MINI_DISPATCH_EXPLAIN): read under the Dispatcher's lock, as
  /// reportError() reads, since a call may run while another thread registers.
  std::string describeDispatchTableEntry(DispatchKey key) const;

  /// Throws the "Could not run ... from the 'Key' backend" error. Takes the
  /// Dispatcher's lock to describe the registrations: a call may get here
  /// while another thread registers.
  [[noreturn]] void reportError(DispatchKey key) const;
  /// Throws the "wrong signature" error unless `signature` is the kernels'.
  void assertSignatureIsCorrect(const CppSignature& signature) const;

 private:
  struct SchemaAndDebug {
    FunctionSchema schema;
    std::string debug;
    std::optional<AliasAnalysisKind> aliasAnalysis;
  };
  struct CppSignatureWithDebug {
    CppSignature signature;
    std::string debug;
    DispatchKey key;
  };

  void checkSchema(const AnnotatedKernel& kernel) const;
  void updateDispatchTable(const Dispatcher& dispatcher, DispatchKey key);
  void updateDispatchTableEntry(const Dispatcher& dispatcher, DispatchKey runtimeKey);
  void publish();

  std::string name_;
  std::optional<SchemaAndDebug> schema_;
  std::optional<CppSignatureWithDebug> cppSignature_;
  // Ordered by key, so dumpState lists them in DispatchKey order as PyTorch does.
  std::map<DispatchKey, std::list<AnnotatedKernel>> kernels_;
  // Registrations edit the draft, then publish() copies it into a new
  // table and swaps the pointer. A retired table stays alive until the
  // operator goes: a call on another thread may still be running its kernel.
  DispatchTable draft_;
  std::vector<std::unique_ptr<const DispatchTable>> publishedTables_;
  std::atomic<const DispatchTable*> dispatchTable_{nullptr};
};
// [operator_entry]

}  // namespace ch06
}  // namespace mini
