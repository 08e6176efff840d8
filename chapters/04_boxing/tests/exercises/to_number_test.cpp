// Exercise 04.1: toNumber reads Int, Double and Bool, and names a wrong tag.
#include <cmath>

#include "mini/exercises/to_number.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using exercises::toNumber;

/// toNumber's answer, or NaN where it refuses the tag: a number refused
/// fails the EXPECT that reads it, on its line, not runExercise.
double numberOrNaN(const IValue& value) {
  try {
    return toNumber(value);
  } catch (const IValueTagError&) {
    return std::nan("");
  }
}

TEST(Exercise04_1, ReadsEachNumberTag) {
  mini_test::runExercise([&] {
    EXPECT_EQ(numberOrNaN(IValue(3)), 3.0);
    EXPECT_EQ(numberOrNaN(IValue(-2.5)), -2.5);
    EXPECT_EQ(numberOrNaN(IValue(true)), 1.0);
    EXPECT_EQ(numberOrNaN(IValue(false)), 0.0);
  });
}

TEST(Exercise04_1, OtherTagsAreNamedInTheError) {
  mini_test::runExercise([&] {
    try {
      (void)toNumber(IValue("three"));
      FAIL() << "a String is not a number";
    } catch (const IValueTagError& error) {
      EXPECT_STREQ(error.what(), "Expected a number (Int, Double or Bool) but got String");
    }
    EXPECT_THROW((void)toNumber(IValue(makeTensor(1))), IValueTagError);
    EXPECT_THROW((void)toNumber(IValue()), IValueTagError);
  });
}

}  // namespace
}  // namespace mini
