// Exercise 01.2: the Real representation, added without editing an operator.
#include <gtest/gtest.h>

#include "mini/operators.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

// add's Real kernel is given; a sum fed to mul must stay Real through both.
TEST(Exercise01_2, MulOfASumOfRealsIsReal) {
  runExercise([] {
    const Number product = mul(add(real(1.5), real(2.25)), real(2));
    EXPECT_EQ(product.key, DispatchKey::Real) << "mul(Real, Real) must stay Real, got " << product;
    EXPECT_DOUBLE_EQ(product.first, 7.5);
  });
}

TEST(Exercise01_2, MulOfRealsIsReal) {
  runExercise([] {
    const Number product = mul(real(-2), real(3.5));
    EXPECT_EQ(product.key, DispatchKey::Real) << "mul(Real, Real) must stay Real, got " << product;
    EXPECT_DOUBLE_EQ(product.first, -7);
  });
}

TEST(Exercise01_2, KernelsLiveInTheExerciseFileNotInTheOperator) {
  runExercise([] {
    mul(real(0), real(0));  // reaches the stub while the exercise is not done
    const auto site = mulTable().registrationSite(DispatchKey::Real);
    ASSERT_TRUE(site.has_value());
    EXPECT_NE(std::string(site->file).find("real_kernels.cpp"), std::string::npos) << site->file;
  });
}

}  // namespace
}  // namespace mini
