#pragma once
/// \file
/// \brief Exercise 05.4: a custom function whose backward reads saved tensors.

#include "mini/autograd/custom_function.h"

namespace mini {
inline namespace ch05 {

/// Exercise 05.4 (exercises/my_mul_function.cpp): self * other as a custom
/// function. forward saves both inputs with ctx->saveForBackward; backward
/// gets them back with ctx->getSavedVariables() and returns one gradient per
/// input.
struct MyMulFunction : Function<MyMulFunction> {
  static Tensor forward(AutogradContext* ctx, const Tensor& self, const Tensor& other);
  static TensorList backward(AutogradContext* ctx, TensorList gradOutputs);
};

}  // namespace ch05
}  // namespace mini
