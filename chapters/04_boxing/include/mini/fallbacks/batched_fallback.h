#pragma once
/// \file
/// \brief The Batched fallback: vmap for every operator, by a loop.
///
/// `vmap(f)(x)` (1.13's `functorch.vmap`) runs f on each row of x. An operator with a batching
/// rule does that in one go; for the others PyTorch registers one boxed
/// fallback on the Batched key that slices every batched argument, calls the
/// operator once per row and stacks the results. It needs nothing from the
/// operator but its schema, so it works for operators written after it.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch04 {

/// The boxed fallback on the Batched key, registered in batched_fallback.cpp.
/// Refuses, naming the operator, what a loop cannot batch: operators that
/// write to an argument (in-place, out=), that return anything but tensors
/// or nothing at all, or that take a batched tensor inside a list; and
/// batched arguments of different batch sizes.
void batchedFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace ch04
}  // namespace mini
