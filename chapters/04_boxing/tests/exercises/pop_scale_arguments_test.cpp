// Exercise 04.2: typed pops, in the right order, leaving the rest alone.
#include <fmt/format.h>

#include "mini/exercises/pop_scale_arguments.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using exercises::popScaleArguments;

TEST(Exercise04_2, PopsBothArgumentsInSchemaOrder) {
  mini_test::runExercise([&] {
    const Tensor self = makeTensor({1, 2});
    Stack stack;
    push(stack, "below", self, 0.5);
    const auto [tensor, factor] = popScaleArguments(stack);
    EXPECT_TRUE(tensor.is_same(self));
    EXPECT_EQ(factor, 0.5);
    ASSERT_EQ(stack.size(), 1u);
    // Read without unboxing: a stack left with another value fails here, not in toStringRef.
    EXPECT_TRUE(stack[0].isString() && stack[0].toStringRef() == "below")
        << "the value below the arguments stays; the stack holds " << fmt::format("{}", stack[0]);
  });
}

TEST(Exercise04_2, WrongTypesAreIValueErrors) {
  mini_test::runExercise([&] {
    Stack swapped;
    push(swapped, 0.5, makeTensor(1));
    try {
      (void)popScaleArguments(swapped);
      FAIL() << "arguments in the wrong order must not unbox";
    } catch (const IValueTagError& error) {
      EXPECT_STREQ(error.what(), "Expected Double but got Tensor");
    }
  });
}

TEST(Exercise04_2, AnIntFactorIsAnIValueErrorToo) {
  mini_test::runExercise([&] {
    Stack stack;
    push(stack, makeTensor(1), 3);
    try {
      (void)popScaleArguments(stack);
      FAIL() << "the schema says `float factor`: an Int on the stack is the caller's mistake, and the typed pop "
                "refuses it; converting it quietly hides that mistake";
    } catch (const IValueTagError& error) {
      EXPECT_STREQ(error.what(), "Expected Double but got Int");
    }
  });
}

}  // namespace
}  // namespace mini
