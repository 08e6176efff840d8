#pragma once
/// \file
/// \brief The boxed Autograd kernel for operators that have no backward formula,
///        and the boxed ADInplaceOrView kernel that goes with it.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch06 {

/// torch::autograd::autogradNotImplementedFallback: one boxed kernel that
/// serves every operator, because it reads the arguments from the stack and
/// the schema, not from a C++ signature. If an input requires grad it records
/// a NotImplemented node naming the operator, runs the operator below
/// autograd, and hangs the node on the tensor results: forward works, and
/// backward through it fails with "derivative for aten::sin is not implemented".
void autogradNotImplementedFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

/// torch::autograd::autogradNotImplementedInplaceOrViewFallback: the
/// ADInplaceOrView half of the pair, for a custom operator that writes an
/// input or returns a view of one. What the generated ADInplaceOrView kernels
/// know from ops.yaml it reads from the schema's alias annotations: after the
/// operator ran below the key, every written result (`Tensor(a!)`) has its
/// version bumped, and a result that only aliases (`Tensor(a)`) is marked as
/// a view. As in 1.13, the view must be of the first argument and be the
/// first result; anything else is refused, before the operator runs.
void autogradNotImplementedInplaceOrViewFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace ch06
}  // namespace mini
