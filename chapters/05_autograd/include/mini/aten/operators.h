#pragma once
/// \file
/// \brief The operators: their typed handles, and the public functions that
///        call through them.

#include "mini/core/tensor.h"
#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch05 {

/// The C++ signatures of the chapter's operators.
using UnaryOp = Tensor(const Tensor&);
using BinaryOp = Tensor(const Tensor&, const Tensor&);
using InplaceBinaryOp = Tensor&(Tensor&, const Tensor&);
using ViewOp = Tensor(const Tensor&, const Sizes&);

/// Each operator's typed handle, looked up by name the first time and kept:
/// the public functions below call through them, and the Autograd and
/// ADInplaceOrView kernels redispatch through them.
const TypedOperatorHandle<BinaryOp>& addOp();
const TypedOperatorHandle<BinaryOp>& subOp();
const TypedOperatorHandle<BinaryOp>& mulOp();
const TypedOperatorHandle<BinaryOp>& divOp();
const TypedOperatorHandle<UnaryOp>& negOp();
const TypedOperatorHandle<UnaryOp>& sumOp();
const TypedOperatorHandle<BinaryOp>& matmulOp();
const TypedOperatorHandle<UnaryOp>& reluOp();
const TypedOperatorHandle<UnaryOp>& expOp();
const TypedOperatorHandle<UnaryOp>& tOp();
const TypedOperatorHandle<ViewOp>& viewOp();
const TypedOperatorHandle<InplaceBinaryOp>& addInplaceOp();
const TypedOperatorHandle<InplaceBinaryOp>& mulInplaceOp();
const TypedOperatorHandle<UnaryOp>& sinOp();

/// mini::add(a, b) is torch.add(a, b): it names no kernel and no key; the
/// arguments' key sets (and this thread's) decide what runs. With a CPU
/// tensor that is the Autograd kernel first, then, one redispatch down, CPU.
Tensor add(const Tensor& self, const Tensor& other);
Tensor sub(const Tensor& self, const Tensor& other);
Tensor mul(const Tensor& self, const Tensor& other);
Tensor div(const Tensor& self, const Tensor& other);
Tensor neg(const Tensor& self);
Tensor sum(const Tensor& self);
Tensor matmul(const Tensor& self, const Tensor& other);
Tensor relu(const Tensor& self);
Tensor exp(const Tensor& self);
Tensor t(const Tensor& self);
Tensor view(const Tensor& self, const Sizes& sizes);
Tensor& add_(Tensor& self, const Tensor& other);
Tensor& mul_(Tensor& self, const Tensor& other);
/// An operator with a CPU kernel and no backward formula: autograd reaches
/// it through the autograd-not-implemented fallback.
Tensor sin(const Tensor& self);

}  // namespace ch05
}  // namespace mini
