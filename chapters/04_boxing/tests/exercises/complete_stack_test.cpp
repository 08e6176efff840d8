// Exercise 04.3: the stack a boxed call needs, from a caller's arguments and
// the schema's defaults. The expected values and messages are PyTorch
// 1.13's, from torch.ops.myops.mylerp with the same schema defined by
// torch.library (its default_value types: float 1.0, int -2, bool, int 1,
// float 0.5, str, None).
#include "mini/exercises/complete_stack.h"

#include <fmt/format.h>

#include "mini/op_registration/schema_parser.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using exercises::completeStackForSchema;

const FunctionSchema& mylerp() {
  static const FunctionSchema schema = parseSchema(
      "myops::mylerp(Tensor self, Tensor end, float weight=1, *, int steps=-2, bool clamp=False, Scalar alpha=1, "
      "Scalar beta=0.5, str mode=\"mean\", Tensor? mask=None) -> Tensor");
  return schema;
}

/// The message completeStackForSchema throws for `stack`, or a failure.
std::string errorOf(const FunctionSchema& schema, Stack stack) {
  const std::size_t given = stack.size();
  try {
    completeStackForSchema(schema, stack);
  } catch (const ExerciseNotDone&) {
    throw;  // a stub is also a logic_error: let runExercise report it as not done
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  ADD_FAILURE() << fmt::format("{} given {} argument(s) must refuse them; the stack came back with {} values", schema,
                               given, stack.size());
  return {};
}

/// Fails naming the argument when `value` has another tag.
void expectTag(const IValue& value, IValue::Tag tag, std::string_view argument, std::string_view why) {
  EXPECT_EQ(value.tagKind(), fmt::format("{}", tag)) << "the default of '" << argument << "' " << why;
}

TEST(Exercise04_3, PushesEachDefaultAsItsTypeSays) {
  mini_test::runExercise([&] {
    Stack stack;
    push(stack, makeTensor(1), makeTensor(2));
    completeStackForSchema(mylerp(), stack);
    ASSERT_EQ(stack.size(), 9u) << "two given, seven defaults";
    expectTag(stack[2], IValue::Tag::Double, "weight", "is a float: `float weight=1` pops as the Double 1.0");
    expectTag(stack[3], IValue::Tag::Int, "steps", "is an int");
    expectTag(stack[4], IValue::Tag::Bool, "clamp", "is a bool: False is a Bool, not a String");
    expectTag(stack[5], IValue::Tag::Int, "alpha", "is a Scalar written `1`: an Int, as in PyTorch");
    expectTag(stack[6], IValue::Tag::Double, "beta", "is a Scalar written `0.5`: a Double");
    expectTag(stack[7], IValue::Tag::String, "mode", "is a str");
    expectTag(stack[8], IValue::Tag::None, "mask", "is None");
    if (testing::Test::HasFailure()) return;
    EXPECT_EQ(stack[2].toDouble(), 1.0);
    EXPECT_EQ(stack[3].toInt(), -2);
    EXPECT_FALSE(stack[4].toBool());
    EXPECT_EQ(stack[5].toInt(), 1);
    EXPECT_EQ(stack[6].toDouble(), 0.5);
    EXPECT_EQ(stack[7].toStringRef(), "mean") << "the quotes are the schema's spelling, not the value";
    EXPECT_EQ(stack[0].toTensor().item(), 1) << "the caller's arguments stay where they were";
  });
}

TEST(Exercise04_3, ABoolDefaultTrueIsTrue) {
  mini_test::runExercise([&] {
    // torch.sum(x, [0]) pushes keepdim's default, the schema's `True`.
    const FunctionSchema mysum = parseSchema("myops::mysum(Tensor self, bool keepdim=True, bool flip=False) -> Tensor");
    Stack stack;
    push(stack, makeTensor(1));
    completeStackForSchema(mysum, stack);
    ASSERT_EQ(stack.size(), 3u) << "one given, two defaults";
    expectTag(stack[1], IValue::Tag::Bool, "keepdim", "is a bool");
    if (testing::Test::HasFailure()) return;
    EXPECT_TRUE(stack[1].toBool()) << "`bool keepdim=True` pops as the Bool true: a schema spells its Bool defaults "
                                      "as Python does, `True` and `False`, with a capital letter";
    EXPECT_FALSE(stack[2].toBool()) << "`bool flip=False` pops as the Bool false";
  });
}

TEST(Exercise04_3, KeepsWhatTheCallerGave) {
  mini_test::runExercise([&] {
    Stack stack;
    push(stack, makeTensor(1), makeTensor(2), 0.25);
    completeStackForSchema(mylerp(), stack);
    ASSERT_EQ(stack.size(), 9u) << "three given, six defaults after them";
    EXPECT_EQ(stack[2].toDouble(), 0.25) << "weight was given: its default must not replace it";
    EXPECT_EQ(stack[3].toInt(), -2);
  });
}

TEST(Exercise04_3, AnArgumentWithoutDefaultMustBeGiven) {
  mini_test::runExercise([&] {
    Stack stack;
    push(stack, makeTensor(1));
    EXPECT_EQ(errorOf(mylerp(), stack),
              fmt::format("myops::mylerp() is missing value for argument 'end'. Declaration: {}", mylerp()));
    const FunctionSchema out =
        parseSchema("myops::myadd.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)");
    push(stack, makeTensor(2));
    EXPECT_EQ(errorOf(out, stack),
              fmt::format("myops::myadd() is missing value for argument 'out'. Declaration: {}", out))
        << "a keyword-only argument without a default is missing too";
  });
}

TEST(Exercise04_3, AKeywordOnlyArgumentIsNeverPositional) {
  mini_test::runExercise([&] {
    Stack stack;
    push(stack, makeTensor(1), makeTensor(2), 0.25, std::int64_t{3});
    EXPECT_EQ(
        errorOf(mylerp(), stack),
        fmt::format("myops::mylerp() takes 3 positional argument(s) but 4 was/were given.  Declaration: {}", mylerp()))
        << "steps comes after `*`: only a keyword names it";
  });
}

TEST(Exercise04_3, TooManyArgumentsWithoutKeywordOnes) {
  mini_test::runExercise([&] {
    const FunctionSchema myclamp = parseSchema("myops::myclamp(Tensor self, Scalar min=0, Scalar max=1) -> Tensor");
    Stack stack;
    push(stack, makeTensor(1), 0.0, 1.0, 2.0);
    EXPECT_EQ(errorOf(myclamp, stack),
              fmt::format("myops::myclamp() expected at most 3 argument(s) but received 4 argument(s). "
                          "Declaration: {}",
                          myclamp))
        << "PyTorch words it this way when the schema has no keyword-only argument";
  });
}

}  // namespace
}  // namespace mini
