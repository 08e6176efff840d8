#pragma once
/// \file
/// \brief The operators: their typed handles, and the public functions that
///        call through them.

#include "mini/dispatcher.h"
#include "mini/tensor.h"
#include "mini/factories.h"
// The operators of ops.yaml: their handles (addOp(), addOutOp(), ...) and
// public functions (add, add_, add_out, ...), written by codegen/gen_ops.py
// into the build tree.
#include "mini/generated/Functions.h"
#include "mini/generated/Operators.h"

namespace mini {
inline namespace ch06 {

/// The C++ signatures of the chapter's operators.
using UnaryOp = Tensor(const Tensor&);
using BinaryOp = Tensor(const Tensor&, const Tensor&);
using InplaceBinaryOp = Tensor&(Tensor&, const Tensor&);
using ViewOp = Tensor(const Tensor&, const Sizes&);
using ToCopyOp = Tensor(const Tensor&, ScalarType, Device);

/// Each operator's typed handle, looked up by name the first time and kept
/// (those of ops.yaml's operators are generated: Operators.h):
/// the public functions below call through them, and the Autograd and
/// ADInplaceOrView kernels redispatch through them.
const TypedOperatorHandle<UnaryOp>& sumOp();
const TypedOperatorHandle<UnaryOp>& tOp();
const TypedOperatorHandle<ViewOp>& viewOp();
/// New in chapter 06: a copy, relu's backward, a copy to another dtype or
/// device, and copy_, which dispatches on both its tensors.
const TypedOperatorHandle<UnaryOp>& cloneOp();
const TypedOperatorHandle<BinaryOp>& thresholdBackwardOp();
const TypedOperatorHandle<ToCopyOp>& toCopyOp();
const TypedOperatorHandle<InplaceBinaryOp>& copyInplaceOp();

/// mini::add(a, b) is torch.add(a, b), declared in the generated Functions.h
/// with the other operators of ops.yaml: it names no kernel and no key; the
/// arguments' key sets (and this thread's) decide what runs. The operators
/// below are written by hand.
Tensor sum(const Tensor& self);
Tensor t(const Tensor& self);
Tensor view(const Tensor& self, const Sizes& sizes);
/// A copy with its own storage, on the same device.
Tensor clone(const Tensor& self);
/// relu's backward: `grad` where `result` > 0, else 0. torch's
/// threshold_backward takes the threshold too; relu's is always 0.
Tensor thresholdBackward(const Tensor& grad, const Tensor& result);
/// A copy of `self` in `dtype` on `device`: what tensor.to(...) calls.
Tensor toCopy(const Tensor& self, ScalarType dtype, Device device);
/// self[...] = src[...]: converts the dtype, broadcasts, and crosses devices.
Tensor& copy_(Tensor& self, const Tensor& src);

}  // namespace ch06
}  // namespace mini
