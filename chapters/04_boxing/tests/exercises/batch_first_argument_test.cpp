// Exercise 04.4: a loop over the first argument's rows, for any operator.
#include "mini/exercises/batch_first_argument.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using exercises::batchFirstArgument;

OperatorHandle op(std::string_view name) { return Dispatcher::singleton().findSchemaOrThrow(name, ""); }

TEST(Exercise04_4, MapsAUnaryOperatorOverRows) {
  mini_test::runExercise([&] {
    Stack stack;
    push(stack, makeBatchedTensor({{1, 2}, {3, 4}, {5, 6}}));
    batchFirstArgument(op("myops::mysum"), DispatchKeySet(DispatchKey::Batched), &stack);
    ASSERT_EQ(stack.size(), 1u);
    const Tensor result = stack[0].toTensor();
    EXPECT_EQ(result.batchSize(), 3u);
    EXPECT_EQ(result.values(), (std::vector<double>{3, 7, 11}));
  });
}

TEST(Exercise04_4, PassesTheOtherArgumentsToEveryRow) {
  mini_test::runExercise([&] {
    Stack stack;
    push(stack, makeBatchedTensor({{1, 2}, {3, 4}}), 10.0);
    batchFirstArgument(op("myops::myscale"), DispatchKeySet(DispatchKey::Batched), &stack);
    ASSERT_EQ(stack.size(), 1u);
    EXPECT_EQ(stack[0].toTensor().values(), (std::vector<double>{10, 20, 30, 40}));
    EXPECT_EQ(stack[0].toTensor().batchSize(), 2u);
  });
}

}  // namespace
}  // namespace mini
