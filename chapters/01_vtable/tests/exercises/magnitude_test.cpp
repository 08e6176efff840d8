// Exercise 01.1: a new operator with its own table.
#include <numbers>

#include <gtest/gtest.h>

#include "mini/magnitude.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;

TEST(Exercise01_1, MagnitudeOfRectangularIsItsLength) {
  runExercise([] {
    const Number m = magnitude(rectangular(3, 4));
    EXPECT_EQ(m.key, DispatchKey::Real);
    EXPECT_DOUBLE_EQ(m.first, 5);
  });
}

TEST(Exercise01_1, MagnitudeOfPolarIsItsRadius) {
  runExercise([] {
    const Number m = magnitude(polar(2.5, std::numbers::pi / 3));
    EXPECT_EQ(m.key, DispatchKey::Real);
    EXPECT_DOUBLE_EQ(m.first, 2.5);
  });
}

TEST(Exercise01_1, MagnitudeOfRealHasNoKernelAndSaysSo) {
  runExercise([] {
    try {
      magnitude(real(-2));
      FAIL() << "magnitude has no Real kernel in this exercise, so the call must throw";
    } catch (const std::runtime_error& error) {
      EXPECT_NE(std::string(error.what()).find("Could not run 'magnitude' with arguments from the 'Real' backend"),
                std::string::npos)
          << error.what();
    }
  });
}

}  // namespace
}  // namespace mini
