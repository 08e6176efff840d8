// Exercise 05.4: a custom function's backward.
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/gradcheck.h"
#include "mini/exercises/my_mul_function.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

TEST(Exercise05_4, GradientsReachBothInputs) {
  runExercise([] {
    const Tensor a = fromValues({1, 2}, {2}, true);
    const Tensor b = fromValues({3, 4}, {2}, true);
    const Tensor c = MyMulFunction::apply(a, b);
    EXPECT_EQ(c.gradFn()->name(), "MyMulFunctionBackward");
    sum(c).backward();
    EXPECT_EQ(a.grad().data()[1], 4);
    EXPECT_EQ(b.grad().data()[1], 2);
  });
}

TEST(Exercise05_4, MatchesFiniteDifferences) {
  runExercise([] {
    EXPECT_TRUE(gradcheck([](const TensorList& x) { return MyMulFunction::apply(x[0], x[1]); },
                          {fromValues({0.5, -1, 2}, {3}, true), fromValues({1.5, 2, -0.3}, {3}, true)}));
  });
}

TEST(Exercise05_4, ReadsItsInputsBackThroughTheVersionCheck) {
  runExercise([] {
    const Tensor a = fromValues({1, 2}, {2}, true);
    Tensor b = fromValues({3, 4}, {2});
    const Tensor c = MyMulFunction::apply(a, b);
    add_(b, ones({2}));
    try {
      sum(c).backward();
      FAIL() << "b changed after it was saved";
    } catch (const std::runtime_error& error) {
      EXPECT_NE(std::string(error.what()).find("MyMulFunctionBackward saved it"), std::string::npos) << error.what();
    }
  });
}

}  // namespace
}  // namespace mini
