#pragma once
/// \file
/// \brief Two custom operators without a backward formula, one that writes
///        its input and one that returns a view of it: what the boxed
///        ADInplaceOrView fallback is for.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// myops::myadd_(Tensor(a!) self, Tensor other) -> Tensor(a!): self += other.
Tensor myadd_(const Tensor& self, const Tensor& other);

/// myops::myalias(Tensor(a) self) -> Tensor(a): a view of all of self.
Tensor myalias(const Tensor& self);

}  // namespace ch06
}  // namespace mini
