#pragma once
/// \file
/// \brief MINI_DISPATCH_EXPLAIN=1: why a hop went where it went, at run time.

#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "mini/boxing/stack.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/dispatch/dispatch_key_extractor.h"

namespace mini {
inline namespace ch06 {

class OperatorEntry;
struct ComputedEntry;

/// One dispatch argument's key set, named as the schema names it (`self`).
struct ArgumentKeySet {
  std::string name;
  DispatchKeySet keySet;
};

/// What MINI_DISPATCH_EXPLAIN prints for one hop: the facts `mini why` reads
/// from a stopped program (gdb/printers/dispatch_commands.py), taken while
/// the program runs.
struct DispatchExplanation {
  std::vector<ArgumentKeySet> arguments;
  LocalDispatchKeySet local;  ///< this thread's sets during the hop
  /// A call's `(arguments | included) - excluded`, before the fallthrough
  /// mask; none for a redispatch, which uses the set it is given.
  std::optional<DispatchKeySet> unmasked;
  DispatchKeySet dispatchKeySet;  ///< the set whose highest key chose the slot
  std::string filledBy;           ///< describeComputedEntry() of that slot
};

/// `argument      self: DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU, AutocastCPU)`.
std::string formatArgumentLine(const ArgumentKeySet& argument);
/// The runtime keys a call skipped because their slots are fallthrough: those
/// of `unmasked` that the mask took out of `dispatchKeySet`, or `none`.
std::string formatFallthroughLine(DispatchKeySet unmasked, DispatchKeySet dispatchKeySet);
/// `dispatched on DispatchKeySet(CPU), highest key CPU` and the slot it reads.
std::string formatSlotLines(DispatchKeySet dispatchKeySet);
/// Which registration a computed slot comes from, as `mini why` says it: `a
/// kernel on CPU, registered at ...`, `alias key Autograd (autograd kernel),
/// registered at ...`, `the backend fallback for AutogradCPU, fallthrough
/// registered at ...`, or `missing: ...`.
std::string describeComputedEntry(DispatchKey key, const ComputedEntry& entry);
/// Every line of an explanation, in the order the dispatcher uses the facts.
std::string formatExplanation(const DispatchExplanation& explanation);
/// The hop's trace line, then the explanation's lines two spaces deeper.
std::string formatExplainedHop(std::string_view event, std::string_view op, DispatchKey key,
                               std::string_view explanation, int depth);

/// The arguments' key sets (none for an argument that carries no tensor),
/// the thread's sets, the slot and its registration, formatted.
/// `redispatch`: the set was given, not computed.
std::string explainHop(const OperatorEntry& entry, const std::vector<std::optional<DispatchKeySet>>& argumentKeySets,
                       DispatchKeySet dispatchKeySet, bool redispatch);

/// Whether an argument's type takes part in dispatch: keySetOfArgument()
/// reads these and gives every other type an empty set.
template <class T>
inline constexpr bool kIsDispatchArgument =
    std::is_same_v<std::remove_cvref_t<T>, Tensor> || std::is_same_v<std::remove_cvref_t<T>, std::optional<Tensor>> ||
    std::is_same_v<std::remove_cvref_t<T>, std::vector<Tensor>>;

/// The explanation of an unboxed hop: Dispatcher::call and redispatch pass
/// this to their DispatchTraceScope, which calls it only when explaining.
template <class... Args>
std::string explainUnboxed(const OperatorEntry& entry, DispatchKeySet dispatchKeySet, bool redispatch,
                           const Args&... args) {
  const std::vector<std::optional<DispatchKeySet>> keySets{
      (kIsDispatchArgument<Args> ? std::optional(keySetOfArgument(args)) : std::nullopt)...};
  return explainHop(entry, keySets, dispatchKeySet, redispatch);
}

/// The explanation of a boxed hop: the arguments are the operator's values
/// on top of `stack`, and the schema says which of them are tensors.
std::string explainBoxed(const OperatorEntry& entry, DispatchKeySet dispatchKeySet, bool redispatch,
                         const Stack& stack);

}  // namespace ch06
}  // namespace mini
