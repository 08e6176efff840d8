#pragma once
/// \file
/// \brief Exercise 03.2's declaration: PyTorch 1.13's rules for a slot, with
///        the alias key this chapter's dispatcher keeps but never computes
///        with, CompositeExplicitAutogradNonFunctional. The dispatcher never
///        calls it.

#include <optional>
#include <string>

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

/// What fills a slot: the rule, named as computeDispatchTableEntryWithDebug
/// names it ("kernel", "default backend kernel", "ambiguous autogradother",
/// "math kernel", "autograd kernel", "backend fallback" or "missing"), and
/// the key the filling kernel is registered on: the slot's own key or an
/// alias key; none for a backend fallback, the ambiguous AutogradOther
/// kernel or a missing one.
struct SlotFill {
  std::string rule;
  std::optional<DispatchKey> registeredOn;
  bool operator==(const SlotFill&) const = default;
};

/// Exercise 03.2 (exercises/explain_slot.cpp): what fills the slot of runtime
/// key `key` of `op` in PyTorch 1.13, where a kernel on
/// CompositeExplicitAutogradNonFunctional takes part as 1.13's rules say.
/// For an operator without one it agrees with computeDispatchTableEntryWithDebug.
SlotFill explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key);

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
