#pragma once
/// \file
/// \brief Thread-local included and excluded key sets, and the RAII guards
///        that change them for a scope.

#include "mini/core/dispatch_key_set.h"

namespace mini {
inline namespace ch06 {

// [local_dispatch_key_set]
/// Keys this thread adds to, and removes from, every call's key set. This is
/// how a mode without a tensor of its own takes part in dispatch (tracing,
/// autocast, vmap), and how a kernel steps below its own key: the autograd
/// kernel excludes autograd, calls the operator again, and lands on CPU.
struct LocalDispatchKeySet {
  DispatchKeySet included;
  DispatchKeySet excluded;
  bool operator==(const LocalDispatchKeySet&) const = default;
};

/// What every thread starts with, as in PyTorch 1.13: BackendSelect and
/// ADInplaceOrView included (operators without a kernel there let them
/// through), autocast excluded until someone enables it.
inline constexpr LocalDispatchKeySet kDefaultLocalDispatchKeySet{
    DispatchKeySet{DispatchKey::BackendSelect, DispatchKey::ADInplaceOrView},
    DispatchKeySet{DispatchKey::AutocastCPU, DispatchKey::AutocastCUDA},
};

/// One per thread, initialised to the defaults when the thread first uses
/// it: a second thread never sees the first one's guards. In the header,
/// with a constant initialiser, so that every call reads it with one
/// thread-local load, inlined, as c10 reads its raw_local_dispatch_key_set.
inline thread_local LocalDispatchKeySet tlsLocalDispatchKeySet = kDefaultLocalDispatchKeySet;

/// This thread's sets. Another thread has its own, starting from the defaults.
inline LocalDispatchKeySet localDispatchKeySet() { return tlsLocalDispatchKeySet; }
/// Replaces this thread's sets. The guards below are the safe way; this is
/// for them and for tests.
inline void setLocalDispatchKeySet(LocalDispatchKeySet state) { tlsLocalDispatchKeySet = state; }
// [local_dispatch_key_set]

/// Sets in `target` the bits of `keys` it lacks and returns exactly those
/// bits. Raw bits, not operator|/operator-: a guard must undo exactly what it
/// did, and operator- never clears backend bits.
DispatchKeySet addMissingBits(DispatchKeySet& target, DispatchKeySet keys);
/// Clears exactly `bits` in `target`, backend bits included.
void clearBits(DispatchKeySet& target, DispatchKeySet bits);

// [guards]
/// Adds `keys` to this thread's included set for the guard's lifetime. Only
/// the bits that were not already there are added, and exactly those are
/// removed at the end, so guards nest and an outer guard's keys survive an
/// inner one. (Chapter 02's exercise 02.3, solved here.)
class IncludeDispatchKeyGuard {
 public:
  explicit IncludeDispatchKeyGuard(DispatchKeySet keys);
  ~IncludeDispatchKeyGuard();
  IncludeDispatchKeyGuard(const IncludeDispatchKeyGuard&) = delete;
  IncludeDispatchKeyGuard& operator=(const IncludeDispatchKeyGuard&) = delete;

 private:
  DispatchKeySet added_;  ///< the bits this guard added, no more
};

/// Adds `keys` to this thread's excluded set for the guard's lifetime, with
/// the same only-what-was-missing rule. A destructor runs during stack
/// unwinding too, so an exception cannot leave a key excluded.
class ExcludeDispatchKeyGuard {
 public:
  explicit ExcludeDispatchKeyGuard(DispatchKeySet keys);
  ~ExcludeDispatchKeyGuard();
  ExcludeDispatchKeyGuard(const ExcludeDispatchKeyGuard&) = delete;
  ExcludeDispatchKeyGuard& operator=(const ExcludeDispatchKeyGuard&) = delete;

 private:
  DispatchKeySet added_;  ///< the bits this guard added, no more
};
// [guards]

/// The keys an autograd kernel steps below: AutogradOther, every
/// Autograd<Backend> (one functionality bit) and ADInplaceOrView. PyTorch's
/// AutoDispatchBelowADInplaceOrView excludes exactly these.
inline constexpr DispatchKeySet kAutogradDispatchKeySetWithADInplaceOrView{
    DispatchKey::AutogradOther, DispatchKey::AutogradFunctionality, DispatchKey::ADInplaceOrView};

}  // namespace ch06
}  // namespace mini

/// Prints as gdb's printers do: `{included = DispatchKeySet(BackendSelect,
/// ADInplaceOrView), excluded = DispatchKeySet(AutocastCPU, AutocastCUDA)}`.
template <>
struct fmt::formatter<mini::LocalDispatchKeySet> : fmt::formatter<std::string_view> {
  auto format(const mini::LocalDispatchKeySet& local, fmt::format_context& ctx) const {
    return fmt::format_to(ctx.out(), "{{included = {}, excluded = {}}}", local.included, local.excluded);
  }
};
