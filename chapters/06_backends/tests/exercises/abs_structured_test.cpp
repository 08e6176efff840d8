// Exercise 06.6: an operator added to ops.yaml, end to end (torch.abs).
// The tests find abs through the dispatcher by name: with the exercise's
// stub yaml there is no abs (only abs.out), and this file still compiles.
#include <cmath>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/node.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/util/exercise.h"
#include "mini/util/operator_error.h"
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

// t() is a view: the same storage, the strides swapped. A kernel that walks
// numel() elements of raw memory reads x's order, not t(x)'s.
// torch.abs(torch.tensor([[-1, -2, -3], [-4, -5, -6]]).t()) is
// tensor([[1, 4], [2, 5], [3, 6]]).
TEST(Exercise06_6, ReadsAStridedSelfByItsStrides) {
  runExercise([] {
    const auto abs = absOverload<Tensor(const Tensor&)>("aten::abs");
    const Tensor transposed = t(cpuTensor({-1, -2, -3, -4, -5, -6}, {2, 3}, ScalarType::Long));
    EXPECT_THAT(valuesOf(abs.call(transposed)), ElementsAre(1, 4, 2, 5, 3, 6))
        << "read self through its strides (StridedPointer), as the chapter's elementwise loops do";
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

// What abs.out(self, out) raised: what() and, for an OperatorError, the
// message without the operator, which Python shows; "" when it raised
// nothing. A stub's "not done" passes through, so that the test skips.
struct Refusal {
  std::string what;
  std::string messageWithoutOperator;
};

Refusal refusalOfAbsOut(const Tensor& self, Tensor& out) {
  const auto absOut =
      Dispatcher::singleton().findSchemaOrThrow("aten::abs", "out").typed<Tensor&(const Tensor&, Tensor&)>();
  try {
    absOut.call(self, out);
  } catch (const ExerciseNotDone&) {
    throw;
  } catch (const std::exception& error) {
    const auto* operatorError = dynamic_cast<const OperatorErrorMessage*>(&error);
    return {error.what(), operatorError != nullptr ? operatorError->messageWithoutOperator() : std::string()};
  }
  return {};
}

TEST(Exercise06_6, AnOutOfAnotherDtypeIsRefused) {
  runExercise([] {
    absOverload<Tensor(const Tensor&)>("aten::abs");  // not done while ops_exercise.yaml lacks abs
    // torch.abs(torch.tensor([-1.5, 2., -0.25]), out=torch.empty(0, dtype=torch.double))
    // raises "RuntimeError: Found dtype Double but expected Float" in 1.13:
    // abs.out builds a unary TensorIterator, whose check_all_same_dtype
    // refuses an output of another dtype, as neg.out's does, where add.out
    // and exp.out cast into a wider one.
    Tensor out = emptyTensor({0}, {ScalarType::Double, kCpu});
    const Refusal refusal = refusalOfAbsOut(cpuTensor({-1.5, 2, -0.25}, {3}, ScalarType::Float), out);
    EXPECT_EQ(refusal.what, "abs: Found dtype Double but expected Float")
        << "abs.out(a Float tensor, out=a Double tensor) is refused in 1.13's words, out's dtype first, after "
        << "the operator's name, as the course's errors give it (OperatorInvalidArgument)"
        << (refusal.what.empty() ? "; it gave out the values, converted, where torch casts into no out= of "
                                   "another dtype for abs"
                                 : "");
    EXPECT_EQ(refusal.messageWithoutOperator, "Found dtype Double but expected Float")
        << "Python shows the message without the operator: throw OperatorInvalidArgument(\"abs\", ...)";
    EXPECT_EQ(out.numel(), 0) << "meta() refuses before out is resized or written";
    // The other way round, torch.abs(torch.tensor([-1, 2]), out=torch.empty(2))
    // raises "Found dtype Float but expected Long": no dtype is wide enough.
    Tensor floatOut = emptyTensor({2}, {ScalarType::Float, kCpu});
    EXPECT_EQ(refusalOfAbsOut(cpuTensor({-1, 2}, {2}, ScalarType::Long), floatOut).what,
              "abs: Found dtype Float but expected Long");
  });
}

TEST(Exercise06_6, ABoolInputIsRefusedWhateverTheOutput) {
  runExercise([] {
    absOverload<Tensor(const Tensor&)>("aten::abs");  // not done while ops_exercise.yaml lacks abs
    // In 1.13, torch.abs(torch.tensor([True]), out=torch.empty(1, dtype=torch.double))
    // raises "Found dtype Double but expected Bool" (the dtypes are checked
    // first), and with out=torch.empty(1, dtype=torch.bool) the CPU loop's
    // "\"abs_cpu\" not implemented for 'Bool'" (here "abs").
    Tensor doubleOut = emptyTensor({1}, {ScalarType::Double, kCpu});
    EXPECT_EQ(refusalOfAbsOut(cpuTensor({1}, {1}, ScalarType::Bool), doubleOut).what,
              "abs: Found dtype Double but expected Bool")
        << "an out= of another dtype is refused before the input's dtype is looked at, as in 1.13";
    Tensor boolOut = emptyTensor({1}, {ScalarType::Bool, kCpu});
    EXPECT_EQ(refusalOfAbsOut(cpuTensor({1}, {1}, ScalarType::Bool), boolOut).what,
              "\"abs\" not implemented for 'Bool'");
    // The course refuses a bool in meta(), which every backend runs, so the
    // Meta backend, which runs no loop, refuses it too. 1.13's abs is not
    // structured: its CPU and CUDA loops refuse a bool, and
    // torch.abs(torch.tensor([True], device="meta")) is a bool meta tensor.
    const auto abs = absOverload<Tensor(const Tensor&)>("aten::abs");
    EXPECT_EQ(errorOf([&] {
                abs.call(emptyTensor({1}, {ScalarType::Bool, kMeta}));
              }),
              "\"abs\" not implemented for 'Bool'")
        << "abs of a bool meta tensor must be refused by meta(): the Meta backend runs no impl()";
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
