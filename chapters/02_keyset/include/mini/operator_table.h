#pragma once
/// \file
/// \brief One dispatch table per operator: a slot per runtime key, a kernel per slot.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mini/dispatch_key_set.h"
#include "mini/dispatch_trace.h"
#include "mini/source_site.h"

namespace mini {
inline namespace ch02 {

// [fallthrough_keys]
/// Keys every call carries (BackendSelect, ADInplaceOrView from the default
/// included set) or may carry (Autocast, once enabled) that most operators
/// have nothing to do on. PyTorch registers a *fallthrough* for them, and the
/// dispatcher drops such keys before it picks the highest one. Here the set is
/// fixed; chapter 03 turns it into registrations.
inline constexpr DispatchKeySet kFallthroughKeys{DispatchKey::BackendSelect, DispatchKey::ADInplaceOrView,
                                                 DispatchKey::AutocastCPU, DispatchKey::AutocastCUDA};
// [fallthrough_keys]

/// The part of a table that does not depend on the kernel's signature: the
/// operator's name, which slots were registered where, and the errors.
class OperatorTableBase {
 public:
  explicit OperatorTableBase(std::string name) : name_(std::move(name)) {}

  /// The operator's name, as errors and the trace print it.
  const std::string& name() const { return name_; }

  /// Runtime keys that have a kernel, in slot order (lowest priority first).
  std::vector<DispatchKey> registeredKeys() const;

  /// Where the kernel for runtime key `key` was registered, if there is one.
  std::optional<SourceSite> registrationSite(DispatchKey key) const;

  /// The call's key set minus the fallthrough keys this operator has no
  /// kernel on: the set whose highest key picks the kernel.
  DispatchKeySet dispatchKeySetFor(DispatchKeySet callKeySet) const { return callKeySet - letThrough_; }

 protected:
  /// Claims the slot of `key` for a kernel registered at `site` and returns
  /// it; throws for a key that has no slot or a slot that is taken.
  std::size_t claim(DispatchKey key, SourceSite site);
  /// Frees the slot of `key` again and returns it.
  std::size_t release(DispatchKey key);
  /// Throws the "Could not run" error for a key set whose slot is empty.
  [[noreturn]] void throwMissingKernel(DispatchKeySet dispatchKeySet) const;

 private:
  std::string name_;
  std::array<std::optional<SourceSite>, kNumRuntimeEntries> sites_{};
  DispatchKeySet letThrough_ = kFallthroughKeys;
};

template <class Signature>
class OperatorTable;

// [operator_table]
/// The table of one operator whose kernels have signature `Ret(Args...)`.
/// Chapter 01's table had a row per representation; this one has a slot per
/// runtime key (kNumRuntimeEntries of them), and a call's whole key set
/// turns into one slot index with two countl_zero and one table lookup.
template <class Ret, class... Args>
class OperatorTable<Ret(Args...)> : public OperatorTableBase {
 public:
  /// A plain function pointer: in gdb the kernel's frame sits right under call().
  using Kernel = Ret (*)(Args...);

  using OperatorTableBase::OperatorTableBase;

  /// Puts `kernel` in the slot of runtime key `key`.
  void registerKernel(DispatchKey key, Kernel kernel, SourceSite site) { kernels_[claim(key, site)] = kernel; }

  /// Empties the slot of `key` (the registrar's destructor does this).
  void deregisterKernel(DispatchKey key) { kernels_[release(key)] = nullptr; }

  /// The kernel a call with `callKeySet` runs, or the "Could not run" error.
  Kernel lookup(DispatchKeySet callKeySet) const { return kernelFor(dispatchKeySetFor(callKeySet)); }

  /// Picks the kernel for the call's key set and calls it.
  Ret call(DispatchKeySet callKeySet, Args... args) const {
    const DispatchKeySet dispatchKeySet = dispatchKeySetFor(callKeySet);
    // Traced before the lookup, as PyTorch does: a call that fails still shows.
    DispatchTraceScope trace(name(), dispatchKeySet.highestPriorityKey());
    return kernelFor(dispatchKeySet)(args...);
  }

 private:
  Kernel kernelFor(DispatchKeySet dispatchKeySet) const {
    Kernel kernel = kernels_[dispatchKeySet.getDispatchTableIndexForDispatchKeySet()];
    if (kernel == nullptr) {
      throwMissingKernel(dispatchKeySet);
    }
    return kernel;
  }

  std::array<Kernel, kNumRuntimeEntries> kernels_{};
};
// [operator_table]

}  // namespace ch02
}  // namespace mini
