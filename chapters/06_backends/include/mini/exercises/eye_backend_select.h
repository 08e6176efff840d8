#pragma once
/// \file
/// \brief Exercise 06.1's declarations: torch.eye and its BackendSelect kernel.

#include <cstdint>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// aten::eye's BackendSelect kernel: the key from `device` (and `dtype`),
/// then a redispatch to the kernel there. Written in exercises/eye_backend_select.cpp,
/// which registers it.
Tensor eyeBackendSelect(std::int64_t n, ScalarType dtype, Device device);

/// torch.eye(n, dtype=..., device=...): the n x n identity matrix, through
/// the dispatcher (aten::eye).
Tensor eye(std::int64_t n, const TensorOptions& options = {});

}  // namespace ch06
}  // namespace mini
