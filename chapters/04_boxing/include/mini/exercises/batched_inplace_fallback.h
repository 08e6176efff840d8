#pragma once
/// \file
/// \brief Exercise 04.4's declaration: the Batched fallback for in-place
///        operators, which the chapter's fallback refuses. The dispatcher
///        never calls it.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch04 {
namespace exercises {

/// Exercise 04.4 (exercises/batched_inplace_fallback.cpp): a boxed Batched
/// fallback for operators that write their first argument, `self`, and
/// return it (`myops::myadd_(Tensor(a!) self, Tensor other) -> Tensor(a!)`),
/// as PyTorch's batchedTensorInplaceForLoopFallback. Pop the arguments,
/// call the operator (callBoxed) once per row of `self` with that row and
/// the same row of every other batched argument (an unbatched one goes to
/// every row as it is), write each row's result back into that row of
/// `self`, and push `self`: the same tensor the caller gave, now written.
/// A batched argument with an unbatched `self` cannot be written in place
/// (std::invalid_argument, PyTorch 1.13's words):
///
///     vmap: myops::myadd_(self, *extra_args) is not possible because there exists a Tensor `other` in
///     extra_args that has more elements than `self`. This happened due to `other` being vmapped over but
///     `self` not being vmapped over at level 1. Please try to use out-of-place operators instead of
///     myops::myadd_. If said operator is being called inside the PyTorch framework, please file a bug
///     report instead.
void batchedInplaceFallback(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

}  // namespace exercises
}  // namespace ch04
}  // namespace mini
