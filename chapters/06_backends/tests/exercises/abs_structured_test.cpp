// Exercise 06.6: an operator added to ops.yaml, end to end (torch.abs).
// The tests find abs through the dispatcher by name: with the exercise's
// stub yaml there is no abs (only abs.out), and this file still compiles.
#include <cmath>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/node.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/util/exercise.h"
#include "support/backend_test_helpers.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::runExercise;
using mini_test::valuesOf;
using ::testing::ElementsAre;

// aten::abs.<overload>, or "not done" while ops_exercise.yaml lacks it.
template <class FunctionType>
TypedOperatorHandle<FunctionType> absOverload(std::string_view name) {
  const std::optional<OperatorHandle> handle = Dispatcher::singleton().findSchema(name, "");
  if (!handle) {
    throw ExerciseNotDone("06.6");
  }
  return handle->typed<FunctionType>();
}

TEST(Exercise06_6, FunctionalAbsOnTheCpuAndOnMeta) {
  runExercise([] {
    const auto abs = absOverload<Tensor(const Tensor&)>("aten::abs");
    const Tensor result = abs.call(cpuTensor({-1, 2, -3, 0}, {2, 2}, ScalarType::Long));
    EXPECT_EQ(result.dtype(), ScalarType::Long);
    EXPECT_THAT(valuesOf(result), ElementsAre(1, 2, 3, 0));
    const Tensor shape = abs.call(emptyTensor({5, 2}, {ScalarType::Float, kMeta}));
    EXPECT_EQ(shape.sizes(), (Sizes{5, 2}));
    EXPECT_TRUE(shape.device().isMeta()) << "abs of a meta tensor is a meta tensor: meta() puts the output on "
                                         << "the input's device";
    EXPECT_EQ(errorOf([&] { abs.call(cpuTensor({1}, {1}, ScalarType::Bool)); }), "\"abs\" not implemented for 'Bool'");
  });
}

TEST(Exercise06_6, MinusZeroAndNaNAsTorch) {
  runExercise([] {
    // torch.abs(torch.tensor([-0., nan, -2.5])) is tensor([0., nan, 2.5]):
    // the zero loses its sign (1 / abs(-0.) is inf), NaN stays NaN.
    const auto abs = absOverload<Tensor(const Tensor&)>("aten::abs");
    const Tensor result = abs.call(cpuTensor({-0.0, std::nan(""), -2.5}, {3}, ScalarType::Double));
    const std::vector<double> values = valuesOf(result);
    EXPECT_FALSE(std::signbit(values[0])) << "abs(-0.) is 0., not -0.: 'x < 0 ? -x : x' keeps the sign of -0.";
    EXPECT_TRUE(std::isnan(values[1])) << "abs(NaN) is NaN";
    EXPECT_EQ(values[2], 2.5);
  });
}

TEST(Exercise06_6, InplaceAndOutVariants) {
  runExercise([] {
    absOverload<Tensor(const Tensor&)>("aten::abs");  // not done while ops_exercise.yaml lacks abs
    // With abs declared, a missing abs_ is a mistake, no longer "not done".
    ASSERT_TRUE(Dispatcher::singleton().findSchema("aten::abs_", "").has_value())
        << "ops_exercise.yaml declares abs but not its in-place variant: add "
        << "`abs_(Tensor(a!) self) -> Tensor(a!)`, made from abs.out (structured_delegate)";
    const auto absInplace = absOverload<Tensor&(Tensor&)>("aten::abs_");
    Tensor x = cpuTensor({-1.5, 2}, {2}, ScalarType::Float);
    absInplace.call(x);
    EXPECT_THAT(valuesOf(x), ElementsAre(1.5, 2));
    const auto absOut =
        Dispatcher::singleton().findSchemaOrThrow("aten::abs", "out").typed<Tensor&(const Tensor&, Tensor&)>();
    Tensor out = emptyTensor({0}, {ScalarType::Double, kCpu});
    absOut.call(cpuTensor({-4}, {1}), out);
    EXPECT_THAT(valuesOf(out), ElementsAre(4));
  });
}

TEST(Exercise06_6, AnOutOfAnotherDtypeGetsTheValues) {
  runExercise([] {
    absOverload<Tensor(const Tensor&)>("aten::abs");  // not done while ops_exercise.yaml lacks abs
    // torch.abs(torch.tensor([-1.5, 2., -0.25]), out=torch.empty(0, dtype=torch.double))
    // is tensor([1.5000, 2.0000, 0.2500], dtype=torch.float64): abs.out casts
    // into its output, as every unary out= of 1.13 does.
    const auto absOut =
        Dispatcher::singleton().findSchemaOrThrow("aten::abs", "out").typed<Tensor&(const Tensor&, Tensor&)>();
    Tensor out = emptyTensor({0}, {ScalarType::Double, kCpu});
    try {
      absOut.call(cpuTensor({-1.5, 2, -0.25}, {3}, ScalarType::Float), out);
    } catch (const ExerciseNotDone&) {
      throw;
    } catch (const std::exception& error) {
      FAIL() << "abs.out(a Float tensor, out=a Double tensor) must give out the values, in out's dtype; it threw: "
             << error.what() << "\nimpl() runs in out's dtype: convert self to out's dtype before reading it";
    }
    EXPECT_EQ(out.dtype(), ScalarType::Double);
    EXPECT_THAT(valuesOf(out), ElementsAre(1.5, 2, 0.25));
  });
}

TEST(Exercise06_6, ABoolInputIsRefusedWhateverTheOutput) {
  runExercise([] {
    absOverload<Tensor(const Tensor&)>("aten::abs");  // not done while ops_exercise.yaml lacks abs
    // torch.abs(torch.tensor([True]), out=torch.empty(1, dtype=torch.double))
    // is refused by PyTorch 1.13 too. impl() runs in the output's dtype, so
    // only meta() sees that the input is Bool.
    const auto absOut =
        Dispatcher::singleton().findSchemaOrThrow("aten::abs", "out").typed<Tensor&(const Tensor&, Tensor&)>();
    Tensor out = emptyTensor({1}, {ScalarType::Double, kCpu});
    EXPECT_EQ(errorOf([&] { absOut.call(cpuTensor({1}, {1}, ScalarType::Bool), out); }),
              "\"abs\" not implemented for 'Bool'")
        << "abs.out of a Bool tensor into a Double output must be refused, by meta(), as for the functional abs";
  });
}

// abs's gradient comes from its entry in derivatives_exercise.yaml; without
// one, abs records the not-implemented node, and the exercise is not done.
void requireTheFormula(const Tensor& result) {
  if (result.gradFn() != nullptr && result.gradFn()->name() == "NotImplemented") {
    throw ExerciseNotDone("06.6");
  }
}

TEST(Exercise06_6, ItsFormulaIsTorchs) {
  runExercise([] {
    // x = torch.tensor([-1.5, 2., 0., -3.], dtype=torch.double, requires_grad=True)
    // torch.abs(x).sum().backward() gives x.grad = [-1, 1, 0, -1], and
    // grad_fn=<AbsBackward0>.
    const auto abs = absOverload<Tensor(const Tensor&)>("aten::abs");
    const Tensor x = fromValues({-1.5, 2, 0, -3}, {4}, true);
    const Tensor y = abs.call(x);
    requireTheFormula(y);
    ASSERT_NE(y.gradFn(), nullptr);
    EXPECT_EQ(y.gradFn()->name(), "AbsBackward0");
    sum(y).backward();
    EXPECT_THAT(valuesOf(x.grad()), ElementsAre(-1, 1, 0, -1))
        << "d|x|/dx is the sign of the input x (negative where x is), not of the result |x|";
    // The chain rule: with another gradient from above, torch.abs(x).backward(
    // torch.tensor([2., 0.5, 4., -1.], dtype=torch.double)) gives [-2, 0.5, 0, 1].
    const Tensor x2 = fromValues({-1.5, 2, 0, -3}, {4}, true);
    abs.call(x2).backward(fromValues({2, 0.5, 4, -1}, {4}));
    EXPECT_THAT(valuesOf(x2.grad()), ElementsAre(-2, 0.5, 0, 1))
        << "the formula multiplies the gradient from above, grad, by abs's own derivative";
  });
}

TEST(Exercise06_6, TheInplaceVariantReadsSelfBeforeTheWrite) {
  runExercise([] {
    // abs_ uses abs's entry; its formula must read self's old values (a
    // clone), or every sign would be that of |x|.
    const auto absInplace = absOverload<Tensor&(Tensor&)>("aten::abs_");
    const Tensor x = fromValues({-1.5, 2, -3}, {3}, true);
    Tensor y = clone(x);
    absInplace.call(y);
    requireTheFormula(y);
    ASSERT_NE(y.gradFn(), nullptr);
    EXPECT_EQ(y.gradFn()->name(), "AbsBackward0");
    sum(y).backward();
    EXPECT_THAT(valuesOf(x.grad()), ElementsAre(-1, 1, -1));
  });
}

}  // namespace
}  // namespace mini
