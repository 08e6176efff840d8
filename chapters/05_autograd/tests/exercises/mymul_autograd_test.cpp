// Exercise 05.1: the Autograd kernel of a multiplication.
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/gradcheck.h"
#include "mini/autograd/node.h"
#include "mini/core/grad_mode.h"
#include "mini/exercises/mymul_autograd.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

TEST(Exercise05_1, MultipliesAndRecordsMulBackward) {
  runExercise([] {
    const Tensor a = fromValues({1, 2}, {2}, true);
    const Tensor c = mymul(a, fromValues({3, 4}, {2}));
    EXPECT_EQ(c.data()[0], 3);
    EXPECT_EQ(c.data()[1], 8);
    ASSERT_NE(c.gradFn(), nullptr);
    EXPECT_EQ(c.gradFn()->name(), "MulBackward0");
  });
}

TEST(Exercise05_1, GradientsMatchFiniteDifferences) {
  runExercise([] {
    EXPECT_TRUE(gradcheck([](const TensorList& x) { return mymul(x[0], x[1]); },
                          {fromValues({0.5, -1, 2}, {3}, true), fromValues({1.5, 2, -0.3}, {3}, true)}));
    EXPECT_TRUE(gradcheck([](const TensorList& x) { return mymul(x[0], x[1]); },
                          {fromValues({0.5, -1, 2}, {3}, true), scalarTensor(1.7, true)}));
  });
}

TEST(Exercise05_1, RecordsNothingWithoutGradOrUnderNoGrad) {
  runExercise([] {
    EXPECT_EQ(mymul(ones({2}), ones({2})).gradFn(), nullptr);
    NoGradGuard noGrad;
    EXPECT_EQ(mymul(fromValues({1}, {1}, true), ones({1})).gradFn(), nullptr);
  });
}

TEST(Exercise05_1, SavesOnlyWhatAWantedGradientReads) {
  runExercise([] {
    // Only b needs a gradient, and it reads a: b itself need not be saved,
    // so changing b (under no_grad) before backward is fine...
    const Tensor a = fromValues({1, 2}, {2});
    Tensor b = fromValues({3, 4}, {2}, true);
    const Tensor c = mymul(a, b);
    {
      NoGradGuard noGrad;
      add_(b, ones({2}));
    }
    sum(c).backward();
    EXPECT_EQ(b.grad().data()[0], 1);
    EXPECT_EQ(b.grad().data()[1], 2);
  });
}

TEST(Exercise05_1, ASavedInputChangedInPlaceIsCaught) {
  runExercise([] {
    // ...but a is saved, and changing it is the version error.
    Tensor a = fromValues({1, 2}, {2});
    const Tensor b = fromValues({3, 4}, {2}, true);
    const Tensor c = mymul(a, b);
    add_(a, ones({2}));
    try {
      sum(c).backward();
      FAIL() << "a was saved at version 0 and is now at version 1";
    } catch (const std::runtime_error& error) {
      EXPECT_NE(std::string(error.what()).find("modified by an inplace operation"), std::string::npos) << error.what();
    }
  });
}

}  // namespace
}  // namespace mini
