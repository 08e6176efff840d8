#pragma once
/// \file
/// \brief Factory functions (empty, zeros, ones, full, arange, randn): the
///        operators with no tensor argument, dispatched through BackendSelect.

#include <cstdint>

#include "mini/dispatcher.h"
#include "mini/tensor.h"

namespace mini {
inline namespace ch06 {

/// The C++ signatures of the factory operators.
using EmptyOp = Tensor(const Sizes&, ScalarType, Device);
using FullOp = Tensor(const Sizes&, double, ScalarType, Device);
using ArangeOp = Tensor(double, double, double, ScalarType, Device);
using FillOp = Tensor&(Tensor&, double);

const TypedOperatorHandle<EmptyOp>& emptyOp();
const TypedOperatorHandle<FullOp>& fullOp();
const TypedOperatorHandle<EmptyOp>& zerosOp();
const TypedOperatorHandle<EmptyOp>& onesOp();
const TypedOperatorHandle<ArangeOp>& arangeOp();
const TypedOperatorHandle<EmptyOp>& randnOp();
const TypedOperatorHandle<FillOp>& fillOp();

/// torch.empty(2, 3, dtype=..., device=...): the key set of the call holds
/// no backend (there is no tensor to read one from), so the dispatcher
/// lands on BackendSelect, whose kernel turns `options` into a key.
/// `options.requiresGrad` makes the result a leaf that requires grad.
Tensor empty(const Sizes& sizes, const TensorOptions& options = {});
Tensor zeros(const Sizes& sizes, const TensorOptions& options = {});
Tensor ones(const Sizes& sizes, const TensorOptions& options = {});
Tensor full(const Sizes& sizes, double value, const TensorOptions& options = {});
/// start, start + step, ... below end (torch.arange(start, end, step)).
Tensor arange(double start, double end, double step = 1.0, const TensorOptions& options = {});
/// Standard normal samples from the generator seeded by manualSeed().
Tensor randn(const Sizes& sizes, const TensorOptions& options = {});
/// self[...] = value, on any backend.
Tensor& fill_(Tensor& self, double value);

/// The key set a factory's BackendSelect kernel redispatches with: the
/// dense key of `device`'s backend (c10::computeDispatchKey). CPU for cpu,
/// PrivateUse1 for privateuseone.
DispatchKeySet backendSelectKeySet(ScalarType dtype, Device device);

/// torch.manual_seed: the default generator starts over from `seed`, so
/// randn gives the same numbers again.
void manualSeed(std::uint64_t seed);

}  // namespace ch06
}  // namespace mini
