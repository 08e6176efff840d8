// The bugs fuzz/fuzz_boxed_call.cpp found, one test each: every call here
// once read out of bounds, divided by zero, converted a number C++ leaves
// undefined, or leaked a reference cycle. Each now fails with PyTorch's
// message, from the kernel, so a boxed call gets it as the C++ function does.
#include <cmath>
#include <limits>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/boxing/stack.h"
#include "mini/core/grad_mode.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/native/factories.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// arange as the fuzzer called it: boxed, past the C++ function arange().
std::string boxedArangeError(double start, double end, double step, ScalarType dtype) {
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("aten::arange", "");
  Stack stack;
  push(stack, start, end, step, dtype, kCpu);
  return errorOf([&] { op.callBoxed(stack); });
}

TEST(FuzzFindings, CopyFromASourceThatDoesNotBroadcastToTheDestinationIsRefused) {
  Tensor destination = zeros({4});
  EXPECT_EQ(errorOf([&] {
              destination.copy_(zeros({0, 0, 4}));
            }),
            "copy_: output with shape [4] doesn't match the broadcast shape [0, 0, 4]");
  EXPECT_EQ(errorOf([&] {
              destination.copy_(zeros({2, 4}));
            }),
            "copy_: output with shape [4] doesn't match the broadcast shape [2, 4]");
  Tensor one = zeros({1});
  EXPECT_EQ(errorOf([&] { one.copy_(zeros({4})); }),
            "copy_: output with shape [1] doesn't match the broadcast shape [4]");
  Tensor onMeta = zeros({4}, {ScalarType::Float, kMeta});
  EXPECT_EQ(errorOf([&] {
              onMeta.copy_(zeros({2, 4}, {ScalarType::Float, kMeta}));
            }),
            "copy_: output with shape [4] doesn't match the broadcast shape [2, 4]");
  // A source that broadcasts still does.
  destination.copy_(fromValues({7}, {1}));
  EXPECT_THAT(values(destination), ElementsAre(7, 7, 7, 7));
}

TEST(FuzzFindings, ArangeChecksItsStepInTheKernelSoABoxedCallGetsTheErrorToo) {
  EXPECT_EQ(boxedArangeError(0, 4, 0, ScalarType::Long), "arange: step must be nonzero");
  EXPECT_EQ(boxedArangeError(0, 4, kNaN, ScalarType::Double), "arange: step must be nonzero");
  EXPECT_EQ(errorOf([] { arange(0, 4, 0, {ScalarType::Float, kMeta}); }), "arange: step must be nonzero");
  EXPECT_EQ(boxedArangeError(0, kInf, 1, ScalarType::Double), "arange: unsupported range: 0 -> inf");
  EXPECT_EQ(boxedArangeError(0, 4, -1, ScalarType::Double),
            "arange: upper bound and larger bound inconsistent with step sign");
  EXPECT_EQ(boxedArangeError(0, 1e30, 1e29, ScalarType::Long),
            "arange: value cannot be converted to type int64_t without overflow");
  EXPECT_EQ(boxedArangeError(0, 1, 1e-300, ScalarType::Double), "arange: invalid size, possible overflow?");
}

TEST(FuzzFindings, FillingWithAValueTheDtypeCannotHoldIsRefused) {
  EXPECT_EQ(errorOf([] { full({2}, kInf, {ScalarType::Long}); }),
            "fill_: value cannot be converted to type int64_t without overflow");
  EXPECT_EQ(errorOf([] { full({2}, kNaN, {ScalarType::Long}); }),
            "fill_: value cannot be converted to type int64_t without overflow");
  EXPECT_EQ(errorOf([] { full({2}, 1e30, {ScalarType::Long}); }),
            "fill_: value cannot be converted to type int64_t without overflow");
  Tensor floats = zeros({2}, {ScalarType::Float});
  EXPECT_EQ(errorOf([&] { fill_(floats, 1e300); }), "fill_: value cannot be converted to type float without overflow");
  // What every dtype does hold, as in PyTorch: inf in float, anything in bool.
  EXPECT_TRUE(std::isinf(values(full({1}, kInf, {ScalarType::Float}))[0]));
  EXPECT_THAT(values(full({2}, kNaN, {ScalarType::Bool})), ElementsAre(1, 1));
  EXPECT_THAT(values(full({2}, -3.75, {ScalarType::Long})), ElementsAre(-3, -3));
}

TEST(FuzzFindings, CopyingAFloatAnIntegerCannotHoldGivesTheLowestInteger) {
  // PyTorch does not refuse these; its CPU shows x86's answer, the lowest
  // int64, which this conversion gives without C++'s undefined behaviour.
  Tensor integers = zeros({3}, {ScalarType::Long});
  integers.copy_(fromValues({kInf, kNaN, -2.5}, {3}));
  // repr(torch.tensor([-9223372036854775808, -9223372036854775808, -2])): padded to the widest
  EXPECT_EQ(fmt::format("{}", integers), "tensor([-9223372036854775808, -9223372036854775808,                   -2])");
}

TEST(FuzzFindings, AnInplaceOperatorWithoutAFormulaRefusesALeafThatRequiresGrad) {
  // fill_ reaches the autograd-not-implemented fallback, which now makes the
  // check the in-place kernels with a formula (copy_, neg_, exp_, add_) make.
  const std::string leaf = "a leaf Variable that requires grad is being used in an in-place operation.";
  Tensor w = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { fill_(w, 3); }), leaf);
  EXPECT_EQ(errorOf([&] { w.copy_(zeros({2})); }), leaf);
  EXPECT_EQ(errorOf([&] { neg_(w); }), leaf);
  EXPECT_EQ(errorOf([&] { exp_(w); }), leaf);
  EXPECT_EQ(errorOf([&] { w.add_(zeros({2})); }), leaf);
  EXPECT_EQ(w.version(), 0U);  // refused before the write
  {
    NoGradGuard noGrad;  // an optimizer's step may write into its weights
    fill_(w, 3);
  }
  EXPECT_THAT(values(w), ElementsAre(3, 3));
}

TEST(FuzzFindings, TheGradientOfASumOverDimZeroOfAZeroDimensionalTensor) {
  // Python's random programs found it: w.sum(0) of a 0-d w is w (1.13 wraps
  // dim 0 for a 0-d tensor), and its backward indexed a dimension the input
  // does not have. 1.13: w.grad is -2 for -w summed and seeded with 2.
  const Tensor w = scalarTensor(1.5, true);
  const Tensor y = sum(sum(neg(w), {0}));
  y.backward(scalarTensor(2.0));
  EXPECT_THAT(values(w.grad()), ElementsAre(-2));
}

TEST(FuzzFindings, SizesWhoseBytesPassInt64AreRefusedNotWrapped) {
  // A user program found it: zeros(2**62) of float32 wrapped its byte count
  // to 0 and wrote past the allocation. 1.13's words for both refusals.
  EXPECT_EQ(errorOf([] { zeros({std::int64_t{1} << 62}); }),
            "Storage size calculation overflowed with sizes=[4611686018427387904]");
  EXPECT_EQ(errorOf([] {
              zeros({std::int64_t{1} << 31, std::int64_t{1} << 31, 4});
            }),
            "Storage size calculation overflowed with sizes=[2147483648, 2147483648, 4]");
  EXPECT_EQ(zeros({std::int64_t{1} << 62, 0}).numel(), 0);  // no bytes, whatever the other size
  EXPECT_EQ(errorOf([] {
              zeros({0}).view({std::int64_t{1} << 62, std::int64_t{1} << 62});
            }),
            "numel: integer multiplication overflow");
}

TEST(FuzzFindings, LogSoftmaxBackwardOfAnEmptyOutputIsDefined) {
  // _log_softmax_backward_data(grad [3], output [0, 0], 0, Bool), boxed: with
  // nothing in output, 1.13 returns grad's shape as empty() left it (its
  // memory, whatever that held); the fuzzer read a bool of 190 there. The
  // course writes zeros.
  const OperatorHandle op = Dispatcher::singleton().findSchemaOrThrow("aten::_log_softmax_backward_data", "");
  Stack stack;
  push(stack, ones({3}).to(ScalarType::Bool), zeros({0, 0}).to(ScalarType::Bool), std::int64_t{0}, ScalarType::Bool);
  op.callBoxed(stack);
  ASSERT_EQ(stack.size(), 1u);
  const Tensor result = stack[0].toTensor();
  EXPECT_EQ(result.sizes(), (Sizes{3}));
  EXPECT_THAT(values(result.to(ScalarType::Double)), ElementsAre(0, 0, 0));
  // With output on Meta, Meta's kernel runs, and its result is a meta
  // tensor, as 1.13's: torch.ops.aten._log_softmax_backward_data(
  // torch.ones(3, dtype=torch.bool), torch.zeros(0, 0, device="meta"), -1,
  // torch.float) is a bool meta tensor of shape [3].
  Stack onMeta;
  push(onMeta, ones({3}).to(ScalarType::Bool), emptyTensor({0, 0}, {ScalarType::Float, kMeta}), std::int64_t{-1},
       ScalarType::Float);
  op.callBoxed(onMeta);
  ASSERT_EQ(onMeta.size(), 1u);
  EXPECT_TRUE(onMeta[0].toTensor().device().isMeta());
  EXPECT_EQ(onMeta[0].toTensor().sizes(), (Sizes{3}));
  EXPECT_EQ(onMeta[0].toTensor().dtype(), ScalarType::Bool);
  // An output of another shape than grad_output's: 1.13 reads past it.
  EXPECT_EQ(errorOf([] {
              _log_softmax_backward_data(ones({2, 2, 2}), ones({2, 2}), 1, ScalarType::Double);
            }),
            "_log_softmax_backward_data: output of shape [2, 2] is not grad_output's shape [2, 2, 2] (1.13 does not "
            "check it, and reads past output's memory; mini_torch refuses it)");
}

}  // namespace
}  // namespace mini
