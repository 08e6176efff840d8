// The in-place operators with a formula (sub_, div_, neg_, relu_, exp_,
// atan2_, copy_): what they refuse, and the saved tensors a later write
// makes stale. Their gradients are derivative_data_test.cpp's.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "mini/aten/aten.h"
#include "mini/autograd/node.h"
#include "mini/core/grad_mode.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

const std::vector<std::pair<std::string, std::function<void(Tensor&)>>>& writersWithAFormula() {
  static const std::vector<std::pair<std::string, std::function<void(Tensor&)>>> writers = {
      {"sub_", [](Tensor& w) { w.sub_(ones({2})); }},
      {"div_", [](Tensor& w) { w.div_(full({2}, 2.0)); }},
      {"neg_", [](Tensor& w) { neg_(w); }},
      {"relu_", [](Tensor& w) { relu_(w); }},
      {"exp_", [](Tensor& w) { exp_(w); }},
      {"atan2_", [](Tensor& w) { w.atan2_(ones({2})); }},
      {"copy_", [](Tensor& w) { w.copy_(zeros({2})); }},
      {"fill_", [](Tensor& w) { fill_(w, 3.0); }},
  };
  return writers;
}

TEST(InplaceDerivatives, ALeafThatRequiresGradIsRefusedBeforeTheWrite) {
  // w = torch.tensor([1., -2.], requires_grad=True); w.sub_(1) in 1.13.
  for (const auto& [name, write] : writersWithAFormula()) {
    Tensor w = fromValues({1, -2}, {2}, true);
    const auto& writeInPlace = write;  // clang 14 cannot capture a structured binding
    EXPECT_EQ(errorOf([&] { writeInPlace(w); }),
              "a leaf Variable that requires grad is being used in an in-place operation.")
        << name;
    EXPECT_EQ(w.version(), 0U) << name;
    EXPECT_THAT(values(w), ElementsAre(1, -2)) << name;
  }
}

TEST(InplaceDerivatives, EachRecordsItsNodeAndBumpsTheVersionOnce) {
  const std::map<std::string, std::string> nodes = {{"sub_", "SubBackward0"},
                                                    {"div_", "DivBackward0"},
                                                    {"neg_", "NegBackward0"},
                                                    {"relu_", "ReluBackward0"},
                                                    {"exp_", "ExpBackward0"},
                                                    {"atan2_", "Atan2Backward0"},
                                                    {"copy_", "torch::autograd::CopyBackwards"},
                                                    {"fill_", "FillBackward2"}};
  for (const auto& writer : writersWithAFormula()) {
    const auto& [name, write] = writer;
    Tensor y = clone(fromValues({1, -2}, {2}, true));
    write(y);
    ASSERT_NE(y.gradFn(), nullptr) << name;
    EXPECT_EQ(y.gradFn()->name(), nodes.at(name));
    EXPECT_EQ(y.version(), 1U) << name;
  }
}

TEST(InplaceDerivatives, UnderNoGradTheyWriteAndRecordNothing) {
  for (const auto& writer : writersWithAFormula()) {
    const auto& [name, write] = writer;
    Tensor w = fromValues({1, -2}, {2}, true);
    {
      NoGradGuard noGrad;  // an optimizer's step
      write(w);
    }
    EXPECT_EQ(w.gradFn(), nullptr) << name;
    EXPECT_EQ(w.version(), 1U) << name;
  }
}

TEST(InplaceDerivatives, CopyIntoAnIntegerTensorRecordsNothing) {
  // i = torch.zeros(2, dtype=torch.long); i.copy_(x) with x requiring grad:
  // 1.13 gives i no grad_fn (an integer cannot have a gradient), and bumps it.
  Tensor integers = zeros({2}, {ScalarType::Long});
  integers.copy_(fromValues({1.5, -2.5}, {2}, true));
  EXPECT_EQ(integers.gradFn(), nullptr);
  EXPECT_FALSE(integers.requiresGrad());
  EXPECT_EQ(integers.version(), 1U);
  EXPECT_THAT(values(integers), ElementsAre(1, -2));
}

TEST(InplaceDerivatives, CopyGivesSelfsOldHistoryAZeroGradient) {
  // a = x * 1; a.copy_(s); a.sum().backward(): x.grad is zeros, s.grad ones.
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor s = fromValues({3, 4}, {2}, true);
  Tensor a = mul(x, scalarTensor(1));
  a.copy_(s);
  sum(a).backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(0, 0));
  EXPECT_THAT(values(s.grad()), ElementsAre(1, 1));
}

TEST(InplaceDerivatives, FillGivesSelfsOldHistoryAZeroGradient) {
  // x = torch.tensor([1., 2.], requires_grad=True); y = x * 2; y.fill_(3.)
  // in 1.13: y.grad_fn is FillBackward2, y._version 1, and after
  // y.sum().backward(), x.grad is tensor([0., 0.]).
  const Tensor x = fromValues({1, 2}, {2}, true);
  Tensor y = mul(x, scalarTensor(2));
  fill_(y, 3.0);
  EXPECT_THAT(values(y), ElementsAre(3, 3));
  sum(y).backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(0, 0));
}

// The messages below are 1.13's, hint and all (docs/errors.md).
// [inplace_exp_saved_result]
TEST(InplaceDerivatives, AWriteIntoTheResultExpSavedIsCaught) {
  // y = w.clone(); y.exp_(); y.add_(1); y.sum().backward() in 1.13:
  // "..., which is output 0 of ExpBackward0, is at version 2; expected version 1 instead."
  const Tensor w = fromValues({1, 2}, {2}, true);
  Tensor y = clone(w);
  exp_(y);
  y.add_(ones({2}));
  EXPECT_EQ(errorOf([&] { sum(y).backward(); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.DoubleTensor [2]], which is output 0 of ExpBackward0, is at version 2; expected version 1 "
            "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True).");
}
// [inplace_exp_saved_result]

TEST(InplaceDerivatives, AWriteIntoTheResultReluSavedIsCaught) {
  const Tensor w = fromValues({1, -2}, {2}, true);
  Tensor y = clone(w);
  relu_(y);
  y.mul_(full({2}, 2.0));
  EXPECT_THAT(errorOf([&] { sum(y).backward(); }),
              HasSubstr("[torch.DoubleTensor [2]], which is output 0 of ReluBackward0, is at version 2; expected "
                        "version 1 instead."));
}

TEST(InplaceDerivatives, AWriteIntoTheDivisorDivSavedIsCaught) {
  // y = w.clone(); y.div_(other); other.add_(1); y.sum().backward() in 1.13:
  // "[torch.DoubleTensor [2]] is at version 1; expected version 0 instead."
  const Tensor w = fromValues({1, 2}, {2}, true);
  Tensor other = fromValues({3, 4}, {2});
  Tensor y = clone(w);
  y.div_(other);
  other.add_(ones({2}));
  EXPECT_EQ(errorOf([&] { sum(y).backward(); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.DoubleTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to "
            "find the operation that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True).");
}

TEST(InplaceDerivatives, DivSavesACloneOfSelfSoItsOwnWriteIsNotStale) {
  // other's gradient reads self as it was before div_ wrote it: the saved
  // clone is what makes this backward legal (and right: -g * (a / b) / b
  // with a = 6, b = 2 is -1.5).
  const Tensor b = fromValues({2}, {1}, true);
  Tensor y = clone(fromValues({6}, {1}, true));
  y.div_(b);
  sum(y).backward();
  EXPECT_THAT(values(b.grad()), ElementsAre(-1.5));
}

TEST(InplaceDerivatives, AWriteIntoAnInputSinOrAtan2SavedIsCaught) {
  // a = torch.tensor([3., 4.]); y = torch.atan2(w, a); a.mul_(2);
  // y.sum().backward() in 1.13: "[torch.DoubleTensor [2]] is at version 1; ..."
  const Tensor w = fromValues({1, 2}, {2}, true);
  Tensor a = fromValues({3, 4}, {2});
  const Tensor y = atan2(w, a);
  a.mul_(full({2}, 2.0));
  EXPECT_THAT(errorOf([&] { sum(y).backward(); }),
              HasSubstr("[torch.DoubleTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly"));
  Tensor v = fromValues({1, 2}, {2}, true);
  const Tensor s = sin(v);
  {
    NoGradGuard noGrad;
    v.add_(ones({2}));
  }
  EXPECT_THAT(errorOf([&] { sum(s).backward(); }),
              HasSubstr("[torch.DoubleTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly"));
}

}  // namespace
}  // namespace mini
