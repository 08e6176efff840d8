#pragma once
/// \file
/// \brief Exercise 04.4's declaration: it mirrors a piece of the boxing machinery
///        and is tested against the real one. The dispatcher never calls it.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

/// Exercise 04.4 (exercises/batch_first_argument.cpp): a Batched fallback
/// for the common case: the first argument is the only batched one and the
/// operator returns one tensor. Pop the arguments, call the operator
/// (callBoxed) once per row of the first argument with that row in its
/// place, push the rows' results stacked into one batched tensor.
void batchFirstArgument(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
