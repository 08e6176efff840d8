#pragma once
/// \file
/// \brief Exercise 06.4's declaration: a kernel registered on the
///        out-of-tree backend's key from outside the backend.

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

/// sin for tensors on PrivateUse1 (the counted device keeps its data in
/// host memory): written in exercises/sin_private_use1.cpp, which also
/// registers it on the PrivateUse1 key.
Tensor sinPrivateUse1(const Tensor& self);

}  // namespace ch06
}  // namespace mini
