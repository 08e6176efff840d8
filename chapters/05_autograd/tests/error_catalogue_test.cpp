// Errors of docs/errors.md that no other chapter 05 test raises: one test
// each, named in the catalogue's "Tested by:" line, checking the message
// word for word so the catalogue cannot drift from the code.
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/engine.h"
#include "mini/autograd/gradcheck.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;

TEST(ErrorCatalogue, InplaceResultMustKeepSelfsShape) {
  Tensor one = fromValues({1}, {1});
  EXPECT_EQ(errorOf([&] {
              add_(one, fromValues({1, 2, 3}, {3}));
            }),
            "add_: output with shape [1] doesn't match the broadcast shape [3]");
}

TEST(ErrorCatalogue, MatmulNeedsMatrices) {
  EXPECT_EQ(errorOf([] {
              matmul(fromValues({1, 2}, {2}), fromValues({1, 2}, {2, 1}));
            }),
            "matmul: expected a 2-D tensor, got 1-D");
}

TEST(ErrorCatalogue, BackwardGradientMustHaveTheOutputsShape) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { backward(exp(a), ones({3})); }),
            "Mismatch in shape: grad_output[0] has a shape of [3] and output[0] has a shape of [2].");
}

TEST(ErrorCatalogue, GradcheckNeedsAnOutputThatRequiresGrad) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { gradcheck([](const TensorList&) { return fromValues({1}, {1}); }, {a}); }),
            "gradcheck: the output does not require grad: no input reached it through a recorded operation");
}

TEST(ErrorCatalogue, AnUndefinedTensorSaysSo) {
  EXPECT_EQ(errorOf([] { (void)Tensor().sizes(); }), "this tensor is undefined (a gradient that was never computed?)");
}

TEST(ErrorCatalogue, OnlyLeavesChangeRequiresGrad) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  Tensor b = exp(a);
  EXPECT_EQ(errorOf([&] { b.setRequiresGrad(false); }),
            "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a "
            "subgraph that doesn't require differentiation use var_no_grad = var.detach().");
}

}  // namespace
}  // namespace mini
