#pragma once
/// \file
/// \brief Thread-local included and excluded key sets, and the RAII guards
///        that change them for a scope.

#include "mini/dispatch_key_set.h"

namespace mini {
inline namespace ch02 {

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

/// This thread's sets. Another thread has its own, starting from the defaults.
LocalDispatchKeySet localDispatchKeySet();
/// Replaces this thread's sets. The guards below are the safe way; this is
/// for them and for tests.
void setLocalDispatchKeySet(LocalDispatchKeySet state);
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
/// inner one.
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

/// Takes `keys` out of this thread's excluded set for the guard's lifetime,
/// and excludes them again at its end: for a kernel running below an exclude
/// guard (below Autograd, say) that needs some of those keys back for one
/// call. Only the bits that were excluded are taken out, and exactly those
/// are put back. Not a class of PyTorch's: exercise 02.3
/// (exercises/unexclude_guard.cpp).
class UnexcludeDispatchKeyGuard {
 public:
  explicit UnexcludeDispatchKeyGuard(DispatchKeySet keys);
  ~UnexcludeDispatchKeyGuard();
  UnexcludeDispatchKeyGuard(const UnexcludeDispatchKeyGuard&) = delete;
  UnexcludeDispatchKeyGuard& operator=(const UnexcludeDispatchKeyGuard&) = delete;

 private:
  DispatchKeySet removed_;  ///< the excluded bits this guard took out, no more
};

/// The keys an autograd kernel steps below: AutogradOther, every
/// Autograd<Backend> (one functionality bit) and ADInplaceOrView. PyTorch's
/// AutoDispatchBelowADInplaceOrView excludes exactly these.
inline constexpr DispatchKeySet kAutogradDispatchKeySetWithADInplaceOrView{
    DispatchKey::AutogradOther, DispatchKey::AutogradFunctionality, DispatchKey::ADInplaceOrView};

}  // namespace ch02
}  // namespace mini

/// Prints as gdb's printers do: `{included = DispatchKeySet(BackendSelect,
/// ADInplaceOrView), excluded = DispatchKeySet(AutocastCPU, AutocastCUDA)}`.
template <>
struct fmt::formatter<mini::LocalDispatchKeySet> : fmt::formatter<std::string_view> {
  auto format(const mini::LocalDispatchKeySet& local, fmt::format_context& ctx) const {
    return fmt::format_to(ctx.out(), "{{included = {}, excluded = {}}}", local.included, local.excluded);
  }
};
