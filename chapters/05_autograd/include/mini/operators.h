#pragma once
/// \file
/// \brief The public operators: what a user of the library calls.

#include "mini/tensor.h"

namespace mini {
inline namespace ch05 {

// [public_api]
/// mini::add(a, b) is torch.add(a, b): it names no kernel and no key; the
/// arguments decide what runs.
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
// [public_api]

}  // namespace ch05
}  // namespace mini
