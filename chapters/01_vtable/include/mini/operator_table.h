#pragma once
/// \file
/// \brief One dispatch table per operator: a row per key, a kernel per row.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mini/dispatch_key.h"
#include "mini/dispatch_trace.h"
#include "mini/source_site.h"

namespace mini {
inline namespace ch01 {

/// The part of a table that does not depend on the kernel's signature: the
/// operator's name and which keys were registered where. Errors are built
/// here, once, for every signature.
class OperatorTableBase {
 public:
  explicit OperatorTableBase(std::string name) : name_(std::move(name)) {}

  /// The operator's name, as errors and the trace print it.
  const std::string& name() const { return name_; }

  /// Keys that have a kernel, in priority order (lowest first).
  std::vector<DispatchKey> registeredKeys() const;

  /// Where the kernel for `key` was registered, if there is one.
  std::optional<SourceSite> registrationSite(DispatchKey key) const;

 protected:
  /// Claims `key` for a kernel registered at `site`; throws if it is taken.
  void claim(DispatchKey key, SourceSite site);
  /// Frees `key` again.
  void release(DispatchKey key);
  /// Throws the "Could not run" error for a key without a kernel.
  [[noreturn]] void throwMissingKernel(DispatchKey key) const;

 private:
  std::string name_;
  std::array<std::optional<SourceSite>, kNumDispatchKeys> sites_{};
};

template <class Signature>
class OperatorTable;

/// The table of one operator whose kernels have signature `Ret(Args...)`.
///
/// Compare with a C++ vtable: a vtable belongs to a class and is indexed by
/// method; this table belongs to an operator and is indexed by a key computed
/// from *all* the arguments. Adding a representation adds a row here without
/// touching the operator; adding an operator adds a table without touching any
/// representation.
template <class Ret, class... Args>
class OperatorTable<Ret(Args...)> : public OperatorTableBase {
 public:
  /// A kernel is a plain function pointer: calling it is one indirect call,
  /// and in gdb the kernel's frame sits right under call().
  using Kernel = Ret (*)(Args...);

  using OperatorTableBase::OperatorTableBase;

  /// Puts `kernel` in the row of `key`. Refuses a second kernel for a key and
  /// names both registration sites.
  void registerKernel(DispatchKey key, Kernel kernel, SourceSite site) {
    claim(key, site);
    kernels_[index(key)] = kernel;
  }

  /// Empties the row of `key` (the registrar's destructor does this).
  void deregisterKernel(DispatchKey key) {
    release(key);
    kernels_[index(key)] = nullptr;
  }

  // [lookup-and-call]
  /// The kernel for `key`, or the "Could not run" error.
  Kernel lookup(DispatchKey key) const {
    Kernel kernel = kernels_[index(key)];
    if (kernel == nullptr) {
      throwMissingKernel(key);
    }
    return kernel;
  }

  /// Looks up the kernel for `key` and calls it.
  Ret call(DispatchKey key, Args... args) const {
    if (dispatchTraceEnabled()) {
      traceCall(name(), key);
    }
    return lookup(key)(args...);
  }
  // [lookup-and-call]

 private:
  static constexpr std::size_t index(DispatchKey key) { return static_cast<std::size_t>(key); }

  std::array<Kernel, kNumDispatchKeys> kernels_{};
};

}  // namespace ch01
}  // namespace mini
