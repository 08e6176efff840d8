#pragma once
/// \file
/// \brief MyAddFunction, the custom function of PyTorch's dispatcher tutorial,
///        as the Autograd kernel of myops::myadd.

#include "mini/autograd/custom_function.h"

namespace mini {
inline namespace ch06 {

/// myadd with a hand-written backward: the gradient of a + b reaches both
/// inputs unchanged.
struct MyAddFunction : Function<MyAddFunction> {
  static Tensor forward(AutogradContext* ctx, const Tensor& self, const Tensor& other);
  static TensorList backward(AutogradContext* ctx, TensorList gradOutputs);
};

/// myops::myadd's Autograd kernel: MyAddFunction::apply.
Tensor myadd_autograd(const Tensor& self, const Tensor& other);

/// myops::myadd's CUDA kernel, the tutorial's myadd_cuda: CUDA tensors in, a
/// CUDA tensor out.
Tensor myadd_cuda(const Tensor& self, const Tensor& other);

/// myops::myadd(Tensor self, Tensor other) -> Tensor, through the dispatcher.
Tensor myadd(const Tensor& self, const Tensor& other);

}  // namespace ch06
}  // namespace mini
