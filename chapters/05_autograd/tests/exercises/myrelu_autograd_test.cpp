// Exercise 05.5: fixing the recursion with the guard.
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/gradcheck.h"
#include "mini/autograd/node.h"
#include "mini/dispatch/dispatch_depth.h"
#include "mini/exercises/myrelu_autograd.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

TEST(Exercise05_5, ReturnsInsteadOfRecursing) {
  runExercise([] {
    const Tensor y = myrelu(fromValues({-1, 2}, {2}, true));
    EXPECT_EQ(y.data()[0], 0);
    EXPECT_EQ(y.data()[1], 2);
    EXPECT_EQ(currentDispatchDepth(), 0);
  });
}

TEST(Exercise05_5, RecordsReluBackward) {
  runExercise([] {
    const Tensor y = myrelu(fromValues({-1, 2}, {2}, true));
    ASSERT_NE(y.gradFn(), nullptr);
    EXPECT_EQ(y.gradFn()->name(), "ReluBackward0");
    EXPECT_TRUE(gradcheck([](const TensorList& x) { return myrelu(x[0]); }, {fromValues({-0.5, 1.5, 2}, {3}, true)}));
  });
}

TEST(Exercise05_5, LeavesThisThreadsKeySetsAsTheyWere) {
  runExercise([] {
    (void)myrelu(fromValues({1}, {1}, true));
    EXPECT_EQ(localDispatchKeySet(), kDefaultLocalDispatchKeySet);
  });
}

}  // namespace
}  // namespace mini
