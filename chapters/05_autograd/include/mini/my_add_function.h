#pragma once
/// \file
/// \brief MyAddFunction, the custom function of PyTorch's dispatcher tutorial.

#include "mini/custom_function.h"

namespace mini {
inline namespace ch05 {

// [my_add_function]
/// myadd with a hand-written backward: the gradient of a + b reaches both
/// inputs unchanged.
struct MyAddFunction : Function<MyAddFunction> {
  static Tensor forward(AutogradContext* ctx, const Tensor& self, const Tensor& other);
  static TensorList backward(AutogradContext* ctx, TensorList gradOutputs);
};
// [my_add_function]

/// myops::myadd, differentiated by MyAddFunction.
Tensor myadd(const Tensor& self, const Tensor& other);

}  // namespace ch05
}  // namespace mini
