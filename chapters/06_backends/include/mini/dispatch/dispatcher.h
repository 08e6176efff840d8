#pragma once
/// \file
/// \brief The Dispatcher singleton, handles to its operators, and the call path.

#include <array>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mini/boxing/kernel_function_impl.h"
#include "mini/dispatch/dispatch_depth.h"
#include "mini/dispatch/dispatch_explain.h"
#include "mini/dispatch/dispatch_trace.h"
#include "mini/dispatch/operator_entry.h"
#include "mini/dispatch/registration_handle.h"

namespace mini {
inline namespace ch06 {

template <class FunctionType>
class TypedOperatorHandle;

// [operator_handle]
/// A cheap, copyable reference to one operator of the Dispatcher. Stays
/// valid while the operator has a def() or an impl() registered: calling
/// through a handle whose operator's last registration is being removed on
/// another thread is a use after free, here as in PyTorch.
class OperatorHandle {
 public:
  /// `myops::myadd`, as traces and errors print it.
  const std::string& operatorName() const { return entry().name(); }
  bool hasSchema() const { return entry().hasSchema(); }
  const FunctionSchema& schema() const { return entry().schema(); }

  /// The handle, typed: its call() takes and returns exactly `FunctionType`.
  /// Throws "Tried to access or call an operator with a wrong signature"
  /// unless the operator's kernels were registered with that C++ type.
  template <class FunctionType>
  TypedOperatorHandle<FunctionType> typed() const {
    entry().assertSignatureIsCorrect(CppSignature::make<FunctionType>());
    return TypedOperatorHandle<FunctionType>(*this);
  }

  std::string dumpState() const { return entry().dumpState(); }
  std::string dumpComputedTable() const { return entry().dumpComputedTable(); }

  // [operator_handle_boxed]
  /// Calls the operator on the arguments on top of `stack`, in schema order,
  /// and leaves its results there. No C++ signature is involved, so any
  /// operator can be called this way: by a fallback, an interpreter, a test.
  void callBoxed(Stack* stack) const;
  void callBoxed(Stack& stack) const { callBoxed(&stack); }
  /// The same with `dispatchKeySet` as given: a boxed kernel going below its key.
  void redispatchBoxed(DispatchKeySet dispatchKeySet, Stack* stack) const;
  // [operator_handle_boxed]
  const OperatorEntry& entry() const { return *entry_; }

 private:
  friend class Dispatcher;
  explicit OperatorHandle(OperatorEntry* entry) : entry_(entry) {}

  OperatorEntry* entry_;
};
// [operator_handle]

// [dispatcher]
/// The registry of every operator: PyTorch's c10::Dispatcher, a process-wide
/// singleton. Libraries register into it (def, impl, fallback), usually
/// before main; dispatching functions find an operator once, keep a typed
/// handle, and call through it.
class Dispatcher {
 public:
  static Dispatcher& singleton() {
    // Function-local: static registrations in any file may reach it before
    // main, and it is built by whichever comes first. Inline, as c10's is:
    // every call through a handle starts here.
    static Dispatcher instance;
    return instance;
  }

  /// The operator `name` with overload `overloadName` ("" for none), if it
  /// has been def()'d.
  std::optional<OperatorHandle> findSchema(std::string_view name, std::string_view overloadName) const;
  /// The same, or "Could not find schema for myops::myadd." (with "but we
  /// found an implementation; did you forget to def() the operator?" when
  /// only impl()s exist).
  OperatorHandle findSchemaOrThrow(std::string_view name, std::string_view overloadName) const;
  /// The operator by its full name (`myops::myadd.out`), def()'d or not.
  std::optional<OperatorHandle> findOp(std::string_view fullName) const;
  /// Full names of every operator known, in registration order.
  std::vector<std::string> allOperatorNames() const;

  RegistrationHandleRAII registerDef(FunctionSchema schema, std::string debug,
                                     std::optional<AliasAnalysisKind> aliasAnalysis = AliasAnalysisKind::FROM_SCHEMA);
  RegistrationHandleRAII registerImpl(const std::string& operatorName, DispatchKey key, KernelFunction kernel,
                                      std::optional<FunctionSchema> inferredSchema, std::string debug);
  RegistrationHandleRAII registerFallback(DispatchKey key, KernelFunction kernel, std::string debug);
  /// One MINI_LIBRARY block per namespace: a second one is an error naming both.
  RegistrationHandleRAII registerLibrary(const std::string& ns, std::string debug);

  /// Every operator's OperatorEntry::checkInvariants() (dispatcher_introspection.cpp).
  void checkInvariants() const;
  /// The operators with impl()s and no def(): a misspelt or forgotten def.
  std::vector<OperatorHandle> findDanglingImpls() const;
  /// The names of the operators with a kernel on `key` itself; every operator when empty.
  std::vector<std::string> getRegistrationsForDispatchKey(std::optional<DispatchKey> key) const;

  /// The backend fallback on runtime key `key`, or null.
  const AnnotatedKernel* backendFallback(DispatchKey key) const;

  /// Calls the operator: the arguments' key set, this thread's state and the
  /// operator's fallthrough mask pick the slot; the slot's kernel runs.
  template <class Ret, class... Args>
  Ret call(const TypedOperatorHandle<Ret(Args...)>& op, Args... args) const;
  /// The boxed call: the key set comes from the stack (the schema says which
  /// values are tensors), then the same lookup as call(), then the kernel's
  /// boxed entry.
  void callBoxed(const OperatorHandle& op, Stack* stack) const;
  /// callBoxed with `dispatchKeySet` as given.
  void redispatchBoxed(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) const;

  /// Calls the operator with `dispatchKeySet` as given: no arguments, no
  /// thread-local state, no mask. A kernel uses it to go below its own key.
  template <class Ret, class... Args>
  Ret redispatch(const TypedOperatorHandle<Ret(Args...)>& op, DispatchKeySet dispatchKeySet, Args... args) const;

 private:
  friend class OperatorEntry;  // its error path reads registrations under mutex_

  // An operator stays while anything is registered for it. defCount counts
  // def()s (0 or 1), defAndImplCount def()s and impl()s together.
  struct OperatorDef {
    OperatorDef(std::string name, const Dispatcher& dispatcher) : op(std::move(name), dispatcher) {}
    OperatorEntry op;
    std::size_t defCount = 0;
    std::size_t defAndImplCount = 0;
  };

  Dispatcher() = default;
  OperatorDef& findOrRegisterName(const std::string& fullName);
  // The operator called `fullName`, or null; the caller holds mutex_.
  OperatorDef* findDef(std::string_view fullName) const;
  void cleanup(const std::string& fullName);

  // A std::list: an OperatorHandle points into it and must survive other
  // operators coming and going.
  std::list<OperatorDef> operators_;
  std::map<std::string, std::list<OperatorDef>::iterator, std::less<>> operatorLookupTable_;
  std::array<std::optional<AnnotatedKernel>, kNumRuntimeEntries> backendFallbackKernels_{};
  std::map<std::string, std::string, std::less<>> libraries_;
  // [concurrency]
  // Registrations, deregistrations and look-ups by name take this lock, so
  // they may come from any thread (a library loaded later, a test's scoped
  // kernel). Calls take no lock: each loads its operator's published
  // DispatchTable once (OperatorEntry::dispatchTable()) and runs a kernel of
  // that table, the one before or the one after a concurrent registration.
  mutable std::mutex mutex_;
  // [concurrency]
};
// [dispatcher]

// [typed_operator_handle]
/// An OperatorHandle whose signature was checked once, when it was made, so
/// each call is just a call: no check, no lookup by name.
template <class Ret, class... Args>
class TypedOperatorHandle<Ret(Args...)> : public OperatorHandle {
 public:
  Ret call(Args... args) const {
    return Dispatcher::singleton().call<Ret, Args...>(*this, std::forward<Args>(args)...);
  }

  Ret redispatch(DispatchKeySet dispatchKeySet, Args... args) const {
    return Dispatcher::singleton().redispatch<Ret, Args...>(*this, dispatchKeySet, std::forward<Args>(args)...);
  }

 private:
  friend class OperatorHandle;
  explicit TypedOperatorHandle(const OperatorHandle& handle) : OperatorHandle(handle) {}
};
// [typed_operator_handle]

// [dispatcher_call]
template <class Ret, class... Args>
Ret Dispatcher::call(const TypedOperatorHandle<Ret(Args...)>& op, Args... args) const {
  // One load: the mask and the slot come from the same published table.
  const DispatchTable& table = op.entry().dispatchTable();
  const DispatchKeySet dispatchKeySet = table.dispatchKeyExtractor.getDispatchKeySetUnboxed(args...);
  // Everything on this path is inline (the key-set helpers, the depth
  // guard, the trace check): a call is this one function, as in c10. Left out: c10's RecordFunction (profiler) branch.
  const DispatchKey key = dispatchKeySet.highestPriorityKey();
  // Traced before the lookup, as PyTorch does: a call that fails still shows.
  // The explanation is a lambda: computed only when MINI_DISPATCH_EXPLAIN
  // asks for it, so with everything off the scope costs the same one load.
  DispatchTraceScope trace("call", op.operatorName(), key,
                           [&] { return explainUnboxed(op.entry(), dispatchKeySet, false, args...); });
  DispatchDepthGuard depth(op.operatorName(), key);
  const KernelFunction& kernel = op.entry().lookup(table, dispatchKeySet);
  return kernel.template call<Ret, Args...>(op, dispatchKeySet, std::forward<Args>(args)...);
}
// [dispatcher_call]

template <class Ret, class... Args>
Ret Dispatcher::redispatch(const TypedOperatorHandle<Ret(Args...)>& op, DispatchKeySet dispatchKeySet,
                           Args... args) const {
  const DispatchKey key = dispatchKeySet.highestPriorityKey();
  DispatchTraceScope trace("redispatch", op.operatorName(), key,
                           [&] { return explainUnboxed(op.entry(), dispatchKeySet, true, args...); });
  DispatchDepthGuard depth(op.operatorName(), key);
  const KernelFunction& kernel = op.entry().lookup(dispatchKeySet);
  return kernel.template call<Ret, Args...>(op, dispatchKeySet, std::forward<Args>(args)...);
}

// [dispatcher_call_boxed]
inline void Dispatcher::callBoxed(const OperatorHandle& op, Stack* stack) const {
  const DispatchTable& table = op.entry().dispatchTable();
  const DispatchKeySet dispatchKeySet = table.dispatchKeyExtractor.getDispatchKeySetBoxed(*stack);
  const DispatchKey key = dispatchKeySet.highestPriorityKey();
  DispatchTraceScope trace("call", op.operatorName(), key,
                           [&] { return explainBoxed(op.entry(), dispatchKeySet, false, *stack); });
  DispatchDepthGuard depth(op.operatorName(), key);
  const KernelFunction& kernel = op.entry().lookup(table, dispatchKeySet);
  kernel.callBoxed(op, dispatchKeySet, stack);
}
// [dispatcher_call_boxed]

inline void Dispatcher::redispatchBoxed(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack) const {
  const DispatchKey key = dispatchKeySet.highestPriorityKey();
  DispatchTraceScope trace("redispatch", op.operatorName(), key,
                           [&] { return explainBoxed(op.entry(), dispatchKeySet, true, *stack); });
  DispatchDepthGuard depth(op.operatorName(), key);
  const KernelFunction& kernel = op.entry().lookup(dispatchKeySet);
  kernel.callBoxed(op, dispatchKeySet, stack);
}

inline void OperatorHandle::callBoxed(Stack* stack) const { Dispatcher::singleton().callBoxed(*this, stack); }

inline void OperatorHandle::redispatchBoxed(DispatchKeySet dispatchKeySet, Stack* stack) const {
  Dispatcher::singleton().redispatchBoxed(*this, dispatchKeySet, stack);
}

}  // namespace ch06
}  // namespace mini
