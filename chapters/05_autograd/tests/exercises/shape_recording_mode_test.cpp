// Exercise 05.6: a mode that records the shapes of every call.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/exercises/shape_recording_mode.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;
using ::testing::ElementsAre;

Tensor matrix(Sizes sizes, double start) {
  std::vector<double> data(static_cast<std::size_t>(sizes[0] * sizes[1]));
  for (std::size_t i = 0; i < data.size(); ++i) {
    data[i] = start + 0.5 * static_cast<double>(i);
  }
  return fromValues(data, sizes);
}

TEST(Exercise05_6, RecordsTheArgumentAndResultShapesOfEachCall) {
  runExercise([] {
    const auto shapes = std::make_shared<ShapeRecordingMode>();
    const TorchDispatchModeGuard guard(shapes);
    (void)relu(matmul(matrix({2, 3}, -1), matrix({3, 4}, 0.25)));
    EXPECT_THAT(shapes->calls(), ElementsAre("aten::matmul([2, 3], [3, 4]) -> [2, 4]", "aten::relu([2, 4]) -> [2, 4]"));
  });
}

TEST(Exercise05_6, TheCallerStillGetsTheOperatorsResult) {
  runExercise([] {
    const Tensor a = matrix({2, 3}, -1);
    const Tensor b = matrix({3, 4}, 0.25);
    const Tensor expected = matmul(a, b);
    Tensor traced;
    {
      const TorchDispatchModeGuard guard(std::make_shared<ShapeRecordingMode>());
      traced = matmul(a, b);
    }
    ASSERT_EQ(traced.sizes(), expected.sizes());
    EXPECT_EQ(std::vector<double>(traced.data().begin(), traced.data().end()),
              std::vector<double>(expected.data().begin(), expected.data().end()));
  });
}

TEST(Exercise05_6, OtherArgumentsPrintAsTheyAre) {
  runExercise([] {
    const auto shapes = std::make_shared<ShapeRecordingMode>();
    const TorchDispatchModeGuard guard(shapes);
    (void)view(matrix({2, 3}, 0), {6});
    EXPECT_THAT(shapes->calls(), ElementsAre("aten::view([2, 3], [6]) -> [6]"));
  });
}

// A boxed caller may keep values of its own on the stack below a call's
// arguments (an interpreter's stack): the arguments are its top n values,
// not its first n. Called as the dispatcher calls it, with one such value.
TEST(Exercise05_6, TheArgumentsAreTheTopOfTheStack) {
  runExercise([] {
    ShapeRecordingMode shapes;
    const OperatorHandle relu = Dispatcher::singleton().findSchemaOrThrow("aten::relu", "");
    Stack stack{IValue(matrix({5, 5}, 0)), IValue(matrix({2, 3}, -1))};
    shapes.torchDispatch(relu, &stack);
    EXPECT_THAT(shapes.calls(), ElementsAre("aten::relu([2, 3]) -> [2, 3]"))
        << "read the arguments with peek(*stack, i, n), from the top of the stack";
  });
}

TEST(Exercise05_6, BelowAutogradItAlsoSeesBackward) {
  runExercise([] {
    const Tensor w = matrix({3, 1}, 0.5).setRequiresGrad(true);
    const auto shapes = std::make_shared<ShapeRecordingMode>();
    {
      const TorchDispatchModeGuard guard(shapes);
      sum(matmul(matrix({2, 3}, 1), w)).backward();
    }
    // Forward: matmul, sum. Backward: SumBackward0's mul, MmBackward0's t and matmul.
    EXPECT_THAT(shapes->calls(), ElementsAre("aten::matmul([2, 3], [3, 1]) -> [2, 1]", "aten::sum([2, 1]) -> []",
                                             "aten::mul.Tensor([2, 1], []) -> [2, 1]", "aten::t([2, 3]) -> [3, 2]",
                                             "aten::matmul([3, 2], [2, 1]) -> [3, 1]"));
  });
}

}  // namespace
}  // namespace mini
