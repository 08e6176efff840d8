#pragma once
/// \file
/// \brief The operator of this chapter, add, and the key set of a call.

#include "mini/local_dispatch_key_set.h"
#include "mini/operator_table.h"
#include "mini/tensor.h"

namespace mini {
inline namespace ch02 {

/// The signature of add's kernels.
using BinaryKernel = Tensor(const Tensor&, const Tensor&);

/// The call's key set: the union of the arguments' key sets, plus this
/// thread's included keys, minus its excluded keys. Every argument has a say,
/// and so does the thread.
DispatchKeySet computeDispatchKeySet(const Tensor& a, const Tensor& b);

/// add's table, a function-local static so that registrars in other files
/// can fill it before main (see chapter 01).
OperatorTable<BinaryKernel>& addTable();

/// a + b. Names no key: the call's key set picks the kernel.
Tensor add(const Tensor& a, const Tensor& b);

}  // namespace ch02
}  // namespace mini
