#pragma once
/// \file
/// \brief Exercise 05.4: a custom function whose backward reads its saved
///        output.

#include "mini/autograd/custom_function.h"

namespace mini {
inline namespace ch05 {

/// Exercise 05.4 (exercises/my_sigmoid_function.cpp): sigmoid(x) = 1 / (1 +
/// exp(-x)) as a custom function. forward computes it with the public
/// operators and saves what backward reads with ctx->saveForBackward;
/// backward gets it back with ctx->getSavedVariables() and returns x's
/// gradient.
struct MySigmoidFunction : Function<MySigmoidFunction> {
  static Tensor forward(AutogradContext* ctx, const Tensor& self);
  static TensorList backward(AutogradContext* ctx, TensorList gradOutputs);
};

}  // namespace ch05
}  // namespace mini
