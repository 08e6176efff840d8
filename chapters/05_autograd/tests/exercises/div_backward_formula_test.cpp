// Exercise 05.3: the backward formula of div.
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/custom_function.h"
#include "mini/autograd/gradcheck.h"
#include "mini/exercises/div_backward_formula.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

// div with the learner's formula as its backward.
struct DivWithLearnersFormula : Function<DivWithLearnersFormula> {
  static Tensor forward(AutogradContext* ctx, const Tensor& self, const Tensor& other) {
    ctx->saveForBackward({self, other});
    return div(self, other);
  }
  static TensorList backward(AutogradContext* ctx, TensorList grads) {
    const TensorList saved = ctx->getSavedVariables();
    return divBackwardFormula(grads.at(0), saved.at(0), saved.at(1));
  }
};

TEST(Exercise05_3, GivesTheGradientsAtAPoint) {
  runExercise([] {
    const TensorList grads = divBackwardFormula(fromValues({1}, {1}), fromValues({6}, {1}), fromValues({2}, {1}));
    ASSERT_EQ(grads.size(), 2u);
    EXPECT_DOUBLE_EQ(grads[0].item(), 0.5);   // 1 / 2
    EXPECT_DOUBLE_EQ(grads[1].item(), -1.5);  // -6 / 4
  });
}

TEST(Exercise05_3, MatchesFiniteDifferences) {
  runExercise([] {
    EXPECT_TRUE(gradcheck([](const TensorList& x) { return DivWithLearnersFormula::apply(x[0], x[1]); },
                          {fromValues({0.7, -1.2, 2.5}, {3}, true), fromValues({1.3, 0.6, -2.2}, {3}, true)}));
  });
}

}  // namespace
}  // namespace mini
