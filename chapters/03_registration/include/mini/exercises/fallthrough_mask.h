#pragma once
/// \file
/// \brief Exercise 03.3's declaration: it mirrors a piece of the dispatcher
///        and is tested against the real one. The dispatcher never calls it.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch03 {
namespace exercises {

/// Exercise 03.3 (exercises/fallthrough_mask.cpp): the operator's
/// non-fallthrough keys for a call whose highest backend is `backend`.
DispatchKeySet nonFallthroughKeysForBackend(const OperatorEntry& op, const Dispatcher& dispatcher,
                                            BackendComponent backend);

}  // namespace exercises
}  // namespace ch03
}  // namespace mini
