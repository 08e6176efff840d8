#pragma once
/// \file
/// \brief The Batched key's kernels: batching rules for the elementwise
///        operators, view, slice, sum, matmul, argmax and _log_softmax (functorch's BatchRulesBinaryOps.cpp,
///        BatchRulesReduceOps.cpp, BatchRulesLinearAlgebra.cpp). Every other
///        operator takes chapter 05's for-loop fallback (batched_fallback.h).
///
/// A rule pops the call's arguments, finds the level being vmapped (the
/// highest level among its batched tensors), unwraps the tensors batched at
/// that level to their physical values, calls the operator once on those,
/// and wraps the result. A tensor batched by an outer vmap is a plain
/// argument to an inner level's rule: its own rule runs when the call on
/// the physical values reaches the Batched key again.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch06 {

void unaryPointwiseBatchRule(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);
void binaryPointwiseBatchRule(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);
void viewBatchRule(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);
void sumBatchRule(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);
void matmulBatchRule(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);
void reduceOneDimBatchRule(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);
void sliceBatchRule(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace ch06
}  // namespace mini
