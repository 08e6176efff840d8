#pragma once
/// \file
/// \brief OperatorEntry: one operator's schema, its registered kernels, and the
///        dispatch table computed from them.

#include <array>
#include <list>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "mini/cpp_signature.h"
#include "mini/dispatch_key_extractor.h"
#include "mini/function_schema.h"
#include "mini/kernel_function.h"

namespace mini {
inline namespace ch06 {

class Dispatcher;

/// A kernel as registered: the kernel, the schema its C++ type implies, and
/// where it came from ("registered at src/myadd.cpp:40", or a name such as
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

// [operator_entry]
/// Everything the dispatcher knows about one operator (c10::impl::OperatorEntry).
///
/// Two structures, one derived from the other:
/// - kernels_: every registration, per key, alias keys included, newest first;
/// - dispatchTable_: one KernelFunction per runtime slot, *computed* from
///   kernels_ and the backend fallbacks by computeDispatchTableEntryWithDebug().
/// Registration is rare and may be slow; a call reads one slot.
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

  void registerSchema(FunctionSchema schema, std::string debug);
  void deregisterSchema();

  /// Adds a kernel on `key` (runtime or alias) and recomputes the slots it
  /// can affect. Returns where it sits, for deregisterKernel.
  std::list<AnnotatedKernel>::iterator registerKernel(const Dispatcher& dispatcher, DispatchKey key,
                                                      KernelFunction kernel,
                                                      std::optional<FunctionSchema> inferredSchema,
                                                      std::string debug);
  void deregisterKernel(const Dispatcher& dispatcher, DispatchKey key, std::list<AnnotatedKernel>::iterator kernel);

  /// A backend fallback on runtime key `key` was added or removed.
  void updateFallback(const Dispatcher& dispatcher, DispatchKey key);

  /// The kernel for a call whose (masked) key set is `dispatchKeySet`.
  const KernelFunction& lookup(DispatchKeySet dispatchKeySet) const {
    const KernelFunction& kernel = dispatchTable_[dispatchKeySet.getDispatchTableIndexForDispatchKeySet()];
    if (!kernel.isValid()) [[unlikely]] {
      reportError(dispatchKeySet.highestPriorityKey());
    }
    return kernel;
  }

  const DispatchKeyExtractor& dispatchKeyExtractor() const { return dispatchKeyExtractor_; }

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
  /// `[CPU, BackendSelect, ...]`: the runtime keys whose slot is valid.
  std::string listAllDispatchKeys() const;

  /// Throws the "Could not run ... from the 'Key' backend" error.
  [[noreturn]] void reportError(DispatchKey key) const;
  /// Throws the "wrong signature" error unless `signature` is the kernels'.
  void assertSignatureIsCorrect(const CppSignature& signature) const;

 private:
  struct SchemaAndDebug {
    FunctionSchema schema;
    std::string debug;
  };
  struct CppSignatureWithDebug {
    CppSignature signature;
    std::string debug;
    DispatchKey key;
  };

  void checkSchema(const AnnotatedKernel& kernel) const;
  void updateDispatchTable(const Dispatcher& dispatcher, DispatchKey key);
  void updateDispatchTableEntry(const Dispatcher& dispatcher, DispatchKey runtimeKey);

  std::string name_;
  std::optional<SchemaAndDebug> schema_;
  std::optional<CppSignatureWithDebug> cppSignature_;
  // Ordered by key, so dumpState lists them in DispatchKey order as PyTorch does.
  std::map<DispatchKey, std::list<AnnotatedKernel>> kernels_;
  std::array<KernelFunction, kNumRuntimeEntries> dispatchTable_{};
  DispatchKeyExtractor dispatchKeyExtractor_;
};
// [operator_entry]

}  // namespace ch06
}  // namespace mini
