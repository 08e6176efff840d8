#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/custom_function.h"
#include "mini/autograd/gradcheck.h"
#include "mini/extension/my_add_function.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;

TEST(MyAddFunction, AddsAndPassesTheGradientToBothInputs) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  const Tensor b = fromValues({3, 4}, {2}, true);
  const Tensor c = myadd(a, b);
  EXPECT_THAT(values(c), ElementsAre(4, 6));
  ASSERT_NE(c.gradFn(), nullptr);
  EXPECT_EQ(c.gradFn()->name(), "MyAddFunctionBackward");
  sum(mul(c, fromValues({10, 20}, {2}))).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(10, 20));
  EXPECT_THAT(values(b.grad()), ElementsAre(10, 20));
}

TEST(MyAddFunction, ForwardIsOneNodeNotAGraph) {
  const Tensor a = fromValues({1}, {1}, true);
  const Tensor c = myadd(a, a);
  // forward ran add with grad mode off: c's node leads straight to a.
  EXPECT_EQ(c.gradFn()->nextEdges()[0].function->name(), "AccumulateGrad");
}

TEST(MyAddFunction, RecordsNothingWhenNoInputRequiresGrad) { EXPECT_EQ(myadd(ones({1}), ones({1})).gradFn(), nullptr); }

// Saves its input, scales by a non-tensor argument kept in savedData.
struct ScaledSquare : Function<ScaledSquare> {
  static Tensor forward(AutogradContext* ctx, const Tensor& x, double scale) {
    ctx->saveForBackward({x});
    ctx->savedData["scale"] = scale;
    return mul(mul(x, x), scalarTensor(scale));
  }
  static TensorList backward(AutogradContext* ctx, TensorList grads) {
    const Tensor x = ctx->getSavedVariables().at(0);
    const Tensor factor = scalarTensor(2 * ctx->savedData.at("scale"));
    return {mul(grads.at(0), mul(x, factor)), Tensor()};
  }
};

TEST(CustomFunction, SavedTensorsAndDataReachBackward) {
  EXPECT_TRUE(gradcheck([](const TensorList& x) { return ScaledSquare::apply(x[0], 3.0); },
                        {fromValues({0.5, -1.5}, {2}, true)}));
}

// e is an input of the custom function, kept as itself: the message names
// its producer now, the add_ (torch 1.13 says the same of a Python Function).
TEST(CustomFunction, ASavedTensorChangedInPlaceIsAnError) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  Tensor e = exp(x);
  const Tensor y = ScaledSquare::apply(e, 1.0);
  add_(e, scalarTensor(1));
  const std::string error = errorOf([&] { sum(y).backward(); });
  EXPECT_NE(error.find("which is output 0 of AddBackward0, is at version 1; expected version 0 instead. Hint: "
                       "enable anomaly detection"),
            std::string::npos)
      << error;
}

struct ForgetsAGradient : Function<ForgetsAGradient> {
  static Tensor forward(AutogradContext* /*ctx*/, const Tensor& a, const Tensor& b) { return add(a, b); }
  static TensorList backward(AutogradContext* /*ctx*/, TensorList grads) { return {grads.at(0)}; }
};

TEST(CustomFunction, TheWrongNumberOfGradientsIsAnError) {
  const Tensor a = fromValues({1}, {1}, true);
  EXPECT_EQ(errorOf([&] { sum(ForgetsAGradient::apply(a, a)).backward(); }),
            "function ForgetsAGradientBackward returned an incorrect number of gradients (expected 2, got 1)");
}

struct WrongShape : Function<WrongShape> {
  static Tensor forward(AutogradContext* /*ctx*/, const Tensor& a) { return exp(a); }
  static TensorList backward(AutogradContext* /*ctx*/, TensorList /*grads*/) { return {ones({3})}; }
};

TEST(CustomFunction, AGradientOfTheWrongShapeIsAnError) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { sum(WrongShape::apply(a)).backward(); }),
            "Function WrongShapeBackward returned an invalid gradient at index 0 - got [3] but expected shape "
            "compatible with [2]");
}

}  // namespace
}  // namespace mini
