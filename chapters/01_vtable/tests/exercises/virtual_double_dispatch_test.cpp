// Exercise 01.3: double dispatch with virtual functions.
#include <memory>
#include <numbers>

#include <gtest/gtest.h>

#include "mini/virtual_number.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

void expectSum(const VirtualNumber& a, const VirtualNumber& b, double re, double im) {
  const std::unique_ptr<VirtualNumber> sum = a.add(b);
  ASSERT_NE(sum, nullptr);
  EXPECT_NEAR(sum->realPart(), re, 1e-12);
  EXPECT_NEAR(sum->imagPart(), im, 1e-12);
}

TEST(Exercise01_3, EveryPairOfClassesAdds) {
  runExercise([] {
    const VirtualRectangular r(1, 2);
    const VirtualPolar p(2, std::numbers::pi / 2);  // 0 + 2i
    expectSum(r, r, 2, 4);
    expectSum(r, p, 1, 4);
    expectSum(p, r, 1, 4);
    expectSum(p, p, 0, 4);
  });
}

TEST(Exercise01_3, TwoDifferentNumbersOfTheSameClassAdd) {
  runExercise([] {
    // Each method has two numbers to add, lhs and *this: with two equal
    // numbers, one of them added twice would go unnoticed.
    expectSum(VirtualRectangular(1, 2), VirtualRectangular(3, -5), 4, -3);
    expectSum(VirtualPolar(2, std::numbers::pi / 2), VirtualPolar(1, 0), 1, 2);
  });
}

}  // namespace
}  // namespace mini
