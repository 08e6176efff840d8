#pragma once
/// \file
/// \brief The operators of this chapter: add and mul, each with its own table.

#include "mini/number.h"
#include "mini/operator_table.h"

namespace mini {
inline namespace ch01 {

/// The signature every binary operator's kernels share.
using BinaryKernel = Number(const Number&, const Number&);

/// The key for a call: the highest-priority key among the arguments, so
/// add(Rectangular, Polar) runs the Polar kernel (multiple dispatch: every
/// argument has a say, not only `this`).
DispatchKey computeDispatchKey(const Number& a, const Number& b);

/// The tables. Each is a function-local static, built on first use: a
/// registrar in another file may run before any global of this file is
/// constructed (the static initialisation order fiasco), and a function-local
/// static is the standard cure.
OperatorTable<BinaryKernel>& addTable();
OperatorTable<BinaryKernel>& mulTable();

/// The operators a user calls. Neither names a representation.
Number add(const Number& a, const Number& b);
Number mul(const Number& a, const Number& b);

}  // namespace ch01
}  // namespace mini
