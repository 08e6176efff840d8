// Exercise 05.4: a custom function, sigmoid, whose backward reads its output.
//
// The expected values are PyTorch 1.13's:
//   x = torch.tensor([0.5, -1.0, 2.0, 0.0], dtype=torch.float64, requires_grad=True)
//   torch.sigmoid(x).backward(torch.tensor([1.0, 2.0, -0.5, 1.0], dtype=torch.float64)); x.grad
//   x = torch.tensor([-800.0, 800.0], dtype=torch.float64, requires_grad=True)
//   torch.sigmoid(x).backward(torch.ones(2, dtype=torch.float64)); x.grad    # [0.0, 0.0]
//   leaf = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
//   x = leaf * torch.ones(2, dtype=torch.float64); s = torch.sigmoid(x); x.add_(1)
//   s.backward(torch.ones(2, dtype=torch.float64)); leaf.grad  # [0.2350037122015945, 0.19661193324148185]
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/gradcheck.h"
#include "mini/exercises/my_sigmoid_function.h"
#include "support/exercise_support.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::runExercise;
using mini_test::values;

TEST(Exercise05_4, ComputesSigmoidAndRecordsItsNode) {
  runExercise([] {
    const Tensor s = MySigmoidFunction::apply(fromValues({0.5, 0}, {2}, true));
    EXPECT_DOUBLE_EQ(values(s)[0], 0.6224593312018546);
    EXPECT_EQ(values(s)[1], 0.5);
    // Its node, MySigmoidFunctionBackward, is Function::apply's to record whatever forward
    // computes: the tests below read what the answer's backward does with it.
  });
}

TEST(Exercise05_4, GradientsArePyTorchs) {
  runExercise([] {
    const Tensor x = fromValues({0.5, -1.0, 2.0, 0.0}, {4}, true);
    MySigmoidFunction::apply(x).backward(fromValues({1.0, 2.0, -0.5, 1.0}, {4}));
    const double torchGrad[] = {0.2350037122015945, 0.3932238664829637, -0.05249679270175331, 0.25};
    for (std::size_t i = 0; i < 4; ++i) {
      EXPECT_DOUBLE_EQ(values(x.grad())[i], torchGrad[i]) << "d sigmoid/dx times grad at element " << i;
    }
  });
}

TEST(Exercise05_4, MatchesFiniteDifferences) {
  runExercise([] {
    // gradcheck throws GradcheckError on a mismatch, as torch's does: EXPECT_NO_THROW reports
    // it on this line, with both Jacobians, where an escaping exception would name runExercise.
    (void)MySigmoidFunction::apply(fromValues({0.5}, {1}, true));  // a stub: SKIPPED, not caught below
    EXPECT_NO_THROW(gradcheck([](const TensorList& x) { return MySigmoidFunction::apply(x[0]); },
                              {fromValues({0.5, -1, 2}, {3}, true)}));
  });
}

TEST(Exercise05_4, StaysFiniteWhereExpOverflows) {
  runExercise([] {
    // exp(800) is inf: a derivative computed again from x is inf / inf there;
    // one computed from the saved output is 0 * 1 = 0, as PyTorch's.
    const Tensor x = fromValues({-800.0, 800.0}, {2}, true);
    MySigmoidFunction::apply(x).backward(ones({2}));
    EXPECT_EQ(values(x.grad())[0], 0.0) << "sigmoid'(-800) is 0: compute it from the saved output s as s * (1 - s)";
    EXPECT_EQ(values(x.grad())[1], 0.0);
  });
}

// Saving the input and computing sigmoid again in backward gives the same
// numbers; only what backward depends on tells them apart. PyTorch's sigmoid
// saves its result, so an input changed in place after the call is no
// concern of its backward's.
TEST(Exercise05_4, BackwardReadsTheOutputNotTheInput) {
  runExercise([] {
    const Tensor leaf = fromValues({0.5, -1.0}, {2}, true);
    Tensor x = mul(leaf, ones({2}));
    const Tensor s = MySigmoidFunction::apply(x);
    add_(x, ones({2}));
    try {
      s.backward(ones({2}));
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::exception& error) {
      FAIL() << "backward read the input, which changed after the call: save the output, as PyTorch's sigmoid "
                "does, and compute s * (1 - s) from it. "
             << error.what();
    }
    EXPECT_DOUBLE_EQ(values(leaf.grad())[0], 0.2350037122015945);
    EXPECT_DOUBLE_EQ(values(leaf.grad())[1], 0.19661193324148185);
  });
}

}  // namespace
}  // namespace mini
