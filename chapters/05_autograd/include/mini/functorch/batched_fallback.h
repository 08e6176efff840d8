#pragma once
/// \file
/// \brief The for-loop fallback on the Batched key (functorch's
///        BatchedFallback.cpp): an operator without a batching rule runs once
///        per sample, and the results are stacked.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch05 {

/// Every operator without a batching rule: one call per sample, the results
/// stacked. Refuses, naming the operator, what a loop cannot do: operators
/// that write to an argument, that return anything but one tensor, and
/// samples autograd would have to see being cut out of their batch.
void batchedTensorForLoopFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace ch05
}  // namespace mini
