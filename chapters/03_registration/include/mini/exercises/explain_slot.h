#pragma once
/// \file
/// \brief Exercise 03.2's declaration: it mirrors a piece of the dispatcher
///        and is tested against the real one. The dispatcher never calls it.

#include <string>

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

/// Exercise 03.2 (exercises/explain_slot.cpp): which of PyTorch 1.13's rules
/// fills the slot of runtime key `key`: "kernel", "default backend kernel",
/// "ambiguous autogradother", "math kernel", "autograd kernel", "backend
/// fallback" or "missing". Must agree with computeDispatchTableEntryWithDebug.
std::string explainSlot(const OperatorEntry& op, const Dispatcher& dispatcher, DispatchKey key);

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
