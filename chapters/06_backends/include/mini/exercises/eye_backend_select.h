#pragma once
/// \file
/// \brief Exercise 06.1's declarations: one boxed BackendSelect kernel for
///        every factory, and torch.eye, the factory it is registered for.

#include <cstdint>

#include "mini/boxing/stack.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

class OperatorHandle;

/// A BackendSelect kernel for any factory: reads the `device` (and `dtype`)
/// arguments from the stack by their names in `op`'s schema, turns them into
/// a key set and redispatches the boxed call there. What PyTorch's codegen
/// writes once per factory (and src/native/backend_select_kernels.cpp by
/// hand), written once for all. Exercise 06.1, in
/// exercises/eye_backend_select.cpp, which registers it for aten::eye.
void boxedBackendSelect(const OperatorHandle& op, DispatchKeySet dispatchKeySet, Stack* stack);

/// torch.eye(n, dtype=..., device=...): the n x n identity matrix, through
/// the dispatcher (aten::eye).
Tensor eye(std::int64_t n, const TensorOptions& options = {});

}  // namespace ch06
}  // namespace mini
