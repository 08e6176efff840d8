// Scalar and add's alpha: a number keeps its kind (int, float, bool) through
// boxing, the kernel checks it against the result's dtype as 1.13's
// alpha_check does, and converts it to the loop's dtype with an overflow
// check. Values and errors across every dtype are in the parity data
// (data/parity/alpha.txt, ch06.Parity.Alpha); these are the pieces.
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/autograd/generated/Functions.h"
#include "mini/boxing/ivalue.h"
#include "mini/op_registration/infer_schema.h"
#include "support/backend_test_helpers.h"
#include "support/dispatcher_support.h"

namespace mini {
namespace {

using mini_test::cpuTensor;
using mini_test::errorOf;
using mini_test::handleOf;
using mini_test::valuesOf;
using ::testing::ElementsAre;

TEST(Scalar, KeepsTheKindOfNumberItWasGiven) {
  EXPECT_TRUE(Scalar(2).isIntegral(/*includeBool=*/false));
  EXPECT_TRUE(Scalar(2.5).isFloatingPoint());
  EXPECT_TRUE(Scalar(true).isBoolean());
  EXPECT_FALSE(Scalar(true).isIntegral(/*includeBool=*/false));
  EXPECT_TRUE(Scalar(true).isIntegral(/*includeBool=*/true));
  EXPECT_EQ(Scalar(2).type(), ScalarType::Long);
  EXPECT_EQ(Scalar(2.0).type(), ScalarType::Double);
  EXPECT_EQ(Scalar(false).type(), ScalarType::Bool);
  // 1 and 1.0 are different Scalars, as they are different schema defaults.
  EXPECT_NE(Scalar(1), Scalar(1.0));
  EXPECT_EQ(fmt::format("{} {} {}", Scalar(2), Scalar(2.5), Scalar(true)), "2 2.5 true");
}

TEST(Scalar, ConvertsToALoopTypeOnlyWhenTheTypeHoldsIt) {
  EXPECT_EQ(Scalar(3).to<double>(), 3.0);
  EXPECT_EQ(Scalar(2.75).to<std::int64_t>(), 2);  // truncated, as c10's checked_convert
  EXPECT_EQ(static_cast<float>(Scalar(0.1).to<Half>()), static_cast<float>(Half(0.1f)));
  EXPECT_EQ(errorOf([] { Scalar(1e6).to<Half>("add"); }),
            "add: value cannot be converted to type at::Half without overflow");
  EXPECT_EQ(errorOf([] { Scalar(std::nan("")).to<std::int64_t>(); }),
            "Scalar: value cannot be converted to type int64_t without overflow");
  // An int64 alpha reaches an int64 loop with all its bits.
  EXPECT_EQ(Scalar(std::int64_t{(1LL << 62) + 1}).to<std::int64_t>(), (1LL << 62) + 1);
}

TEST(Scalar, NegatesWithinItsKindAndRefusesABool) {
  EXPECT_EQ(-Scalar(3), Scalar(-3));
  EXPECT_EQ(-Scalar(0.5), Scalar(-0.5));
  // -(-2^63) wraps to itself, as int64 arithmetic does, not undefined behaviour.
  EXPECT_EQ(-Scalar(std::numeric_limits<std::int64_t>::min()), Scalar(std::numeric_limits<std::int64_t>::min()));
  EXPECT_EQ(errorOf([] { -Scalar(true); }), "torch boolean negative is not supported.");
}

TEST(Scalar, IsBoxedAsTheNumberItHolds) {
  // c10's IValue has no Scalar tag: a Scalar argument is an Int, a Double or
  // a Bool on the stack, and toScalar() takes any of them back.
  EXPECT_TRUE(IValue(Scalar(2)).isInt());
  EXPECT_TRUE(IValue(Scalar(2.5)).isDouble());
  EXPECT_TRUE(IValue(Scalar(true)).isBool());
  EXPECT_EQ(IValue(std::int64_t{4}).toScalar(), Scalar(4));
  EXPECT_EQ(IValue(0.5).to<Scalar>(), Scalar(0.5));
  EXPECT_TRUE(IValue(false).isScalar());
  EXPECT_EQ(errorOf([] { IValue(cpuTensor({1}, {1})).toScalar(); }), "Expected Scalar but got Tensor");
  EXPECT_EQ(fmt::format("{}", schemaTypeOf<const Scalar&>()), "Scalar");
}

TEST(Alpha, AddsAlphaTimesOtherAndSubtractsItInEveryVariant) {
  const Tensor a = cpuTensor({1, 2, 3}, {3}, ScalarType::Float);
  const Tensor b = cpuTensor({10, 20, 30}, {3}, ScalarType::Float);
  EXPECT_THAT(valuesOf(add(a, b)), ElementsAre(11, 22, 33));
  EXPECT_THAT(valuesOf(add(a, b, 2)), ElementsAre(21, 42, 63));
  EXPECT_THAT(valuesOf(sub(a, b, 0.5)), ElementsAre(-4, -8, -12));
  Tensor out = cpuTensor({0, 0, 0}, {3}, ScalarType::Float);
  add_out(out, a, b, -1);
  EXPECT_THAT(valuesOf(out), ElementsAre(-9, -18, -27));
  Tensor c = cpuTensor({1, 2, 3}, {3}, ScalarType::Float);
  c.sub_(b, 2);
  EXPECT_THAT(valuesOf(c), ElementsAre(-19, -38, -57));
}

TEST(Alpha, ReachesTheKernelThroughABoxedCall) {
  const Tensor a = cpuTensor({1, 2}, {2}, ScalarType::Long);
  const Tensor b = cpuTensor({3, 4}, {2}, ScalarType::Long);
  Stack stack{a, b, IValue(3)};
  handleOf<_ops::add_Tensor>().callBoxed(&stack);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_THAT(valuesOf(stack[0].toTensor()), ElementsAre(10, 14));
  EXPECT_EQ(handleOf<_ops::add_Tensor>().schema().arguments.back().name, "alpha");
}

TEST(Alpha, IsRefusedWhenTheResultsDtypeCannotTakeItsKind) {
  const Tensor ints = cpuTensor({1, 2}, {2}, ScalarType::Long);
  const Tensor floats = cpuTensor({1, 2}, {2}, ScalarType::Float);
  EXPECT_EQ(errorOf([&] { add(ints, ints, 2.5); }),
            "For integral input tensors, argument alpha must not be a floating point number.");
  EXPECT_EQ(errorOf([&] { sub(floats, floats, true); }), "Boolean alpha only supported for Boolean results.");
  // The promoted dtype decides: an int tensor plus a float one takes 2.5.
  EXPECT_THAT(valuesOf(add(ints, floats, 2.5)), ElementsAre(3.5, 7));
  // Half holds no million: the loop's conversion refuses it, naming add.
  const Tensor halves = cpuTensor({1}, {1}, ScalarType::Half);
  EXPECT_EQ(errorOf([&] { add(halves, halves, 1e6); }),
            "add: value cannot be converted to type at::Half without overflow");
}

TEST(Alpha, IsRoundedToTheTwoByteFloatsThenEachStepRoundsAsTorchsScalarLoopDoes) {
  // torch 1.13: torch.add(tensor([1., 2.], dtype), tensor([3., 5.], dtype), alpha=0.1)
  const Tensor halfSum = add(cpuTensor({1, 2}, {2}, ScalarType::Half), cpuTensor({3, 5}, {2}, ScalarType::Half), 0.1);
  EXPECT_THAT(valuesOf(halfSum), ElementsAre(1.2998046875, 2.5));
  const Tensor bfloatSum =
      add(cpuTensor({1, 2}, {2}, ScalarType::BFloat16), cpuTensor({3, 5}, {2}, ScalarType::BFloat16), 0.1);
  EXPECT_THAT(valuesOf(bfloatSum), ElementsAre(1.296875, 2.5));
}

TEST(Alpha, IsSavedForOthersGradient) {
  const Tensor a = cpuTensor({1, 2}, {2}, ScalarType::Float).setRequiresGrad(true);
  const Tensor b = cpuTensor({3, 4}, {2}, ScalarType::Float).setRequiresGrad(true);
  const Tensor r = sub(a, b, 3);
  auto* node = dynamic_cast<autograd::generated::SubBackward0*>(r.gradFn().get());
  ASSERT_NE(node, nullptr);
  EXPECT_EQ(node->alpha, Scalar(3));  // torch: r.grad_fn._saved_alpha == 3
  sum(r).backward();
  EXPECT_THAT(valuesOf(a.grad()), ElementsAre(1, 1));
  EXPECT_THAT(valuesOf(b.grad()), ElementsAre(-3, -3));
}

}  // namespace
}  // namespace mini
