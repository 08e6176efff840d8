#pragma once
/// \file
/// \brief The boxed Autograd kernel for operators that have no backward formula.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch05 {

/// torch::autograd::autogradNotImplementedFallback: one boxed kernel that
/// serves every operator, because it reads the arguments from the stack and
/// the schema, not from a C++ signature. If an input requires grad it records
/// a NotImplemented node naming the operator, runs the operator below
/// autograd, and hangs the node on the tensor results: forward works, and
/// backward through it fails with "derivative for aten::sin is not implemented".
void autogradNotImplementedFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace ch05
}  // namespace mini
