// Exercise 01.2: the Real representation, added without editing an operator.
#include <gtest/gtest.h>

#include "mini/operators.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

TEST(Exercise01_2, AddOfRealsIsReal) {
  runExercise([] {
    const Number sum = add(real(1.5), real(2.25));
    EXPECT_EQ(sum.key, DispatchKey::Real);
    EXPECT_DOUBLE_EQ(sum.first, 3.75);
  });
}

TEST(Exercise01_2, MulOfRealsIsReal) {
  runExercise([] {
    const Number product = mul(real(-2), real(3.5));
    EXPECT_EQ(product.key, DispatchKey::Real);
    EXPECT_DOUBLE_EQ(product.first, -7);
  });
}

TEST(Exercise01_2, KernelsLiveInTheExerciseFileNotInTheOperator) {
  runExercise([] {
    add(real(0), real(0));  // reaches the stub while the exercise is not done
    const auto site = addTable().registrationSite(DispatchKey::Real);
    ASSERT_TRUE(site.has_value());
    EXPECT_NE(std::string(site->file).find("real_kernels.cpp"), std::string::npos) << site->file;
  });
}

}  // namespace
}  // namespace mini
