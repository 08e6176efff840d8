// ADInplaceOrView's half of the story: versions, views, and stale saved tensors.
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/node.h"
#include "mini/core/grad_mode.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;

TEST(Inplace, ModifyingASavedResultIsAnErrorNamingItsProducer) {
  const Tensor x = fromValues({1, 2, 3}, {3}, true);
  Tensor e = exp(x);                         // ExpBackward0 saves its result, e
  const Tensor y = mul(e, scalarTensor(2));  // ...and MulBackward0 needs nothing of e
  e.add_(scalarTensor(1));                   // e is now at version 1
  EXPECT_EQ(errorOf([&] { sum(y).backward(); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.DoubleTensor [3]], which is output 0 of ExpBackward0, is at version 1; expected version 0 "
            "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True).");
}

TEST(Inplace, TheSavedTensorErrorNamesTheTensorTypeOfItsDtype) {
  // a = torch.ones(2, requires_grad=True); e = a.exp(); y = e * 2; e.add_(1);
  // y.sum().backward() in 1.13 names [torch.FloatTensor [2]].
  const Tensor a = ones({2}, TensorOptions{}.withRequiresGrad(true));
  Tensor e = exp(a);
  const Tensor y = mul(e, scalarTensor(2));
  e.add_(scalarTensor(1));
  const std::string message = errorOf([&] { sum(y).backward(); });
  EXPECT_NE(message.find("[torch.FloatTensor [2]], which is output 0 of ExpBackward0, is at version 1"),
            std::string::npos)
      << message;
}

// Bool and BFloat16 have no legacy tensor type name in 1.13: its message
// names the key and the type (x * mask, then mask written: [CPUBoolType [2]];
// the same with a bfloat16 `other`: [CPUBFloat16Type [2]]), where float32's
// is torch.FloatTensor. The random programs met the bool one once a
// comparison's result could be a saved operand.
TEST(Inplace, TheSavedTensorErrorNamesBoolAndBFloat16ByKeyAndType) {
  for (const auto& [dtype, name] :
       {std::pair{ScalarType::Bool, "[CPUBoolType [2]]"}, std::pair{ScalarType::BFloat16, "[CPUBFloat16Type [2]]"}}) {
    const Tensor x = ones({2}, TensorOptions{}.withRequiresGrad(true));
    Tensor other = ones({2}, TensorOptions{}.withDtype(dtype));
    const Tensor y = mul(x, other);  // MulBackward0 saves other for x's gradient
    other.copy_(zeros({2}, TensorOptions{}.withDtype(dtype)));
    const std::string message = errorOf([&] { sum(y).backward(); });
    EXPECT_NE(message.find(std::string(name) + " is at version 1; expected version 0"), std::string::npos) << message;
  }
}

TEST(Inplace, ModifyingASavedInputIsAnErrorNamingTheNodeThatNeedsIt) {
  const Tensor w = fromValues({1, 2}, {2}, true);
  Tensor input = fromValues({3, 4}, {2});
  const Tensor y = mul(w, input);  // MulBackward0 saves input for w's gradient
  input.mul_(scalarTensor(10));
  EXPECT_EQ(errorOf([&] { sum(y).backward(); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.DoubleTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to "
            "find the operation that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True).");
}

TEST(Inplace, ModifyingAViewOfASavedTensorIsCaughtToo) {
  const Tensor w = fromValues({1, 2, 3, 4}, {2, 2}, true);
  const Tensor input = fromValues({1, 1, 1, 1}, {2, 2});
  const Tensor y = mul(w, input);
  Tensor flat = input.view({4});
  flat.add_(ones({4}));
  EXPECT_NE(errorOf([&] { sum(y).backward(); }).find("is at version 1; expected version 0"), std::string::npos);
}

TEST(Inplace, ATensorNoFormulaReadsMayChange) {
  // add saves nothing, so changing its input afterwards is fine.
  const Tensor w = fromValues({1, 2}, {2}, true);
  Tensor input = fromValues({3, 4}, {2});
  const Tensor y = add(w, input);
  input.add_(ones({2}));
  sum(y).backward();
  EXPECT_THAT(values(w.grad()), ElementsAre(1, 1));
}

TEST(Inplace, ALeafThatRequiresGradRefuses) {
  Tensor w = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { w.add_(ones({2})); }),
            "a leaf Variable that requires grad is being used in an in-place operation.");
  EXPECT_EQ(w.version(), 0u) << "refused before writing";
}

TEST(Inplace, ALeafMayBeUpdatedUnderNoGrad) {
  Tensor w = fromValues({1, 2}, {2}, true);
  {
    NoGradGuard noGrad;
    w.add_(fromValues({0.5, 0.5}, {2}));
  }
  EXPECT_THAT(values(w), ElementsAre(1.5, 2.5));
  EXPECT_TRUE(w.isLeaf());
  EXPECT_EQ(w.version(), 1u);
}

TEST(Inplace, RebasesTheHistoryOfANonLeaf) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  Tensor y = neg(x);  // NegBackward0 saves nothing, so y may change
  const std::shared_ptr<Node> before = y.gradFn();
  y.mul_(scalarTensor(3));
  ASSERT_NE(y.gradFn(), before);
  EXPECT_EQ(y.gradFn()->name(), "MulBackward0");
  EXPECT_EQ(y.gradFn()->nextEdges()[0].function, before) << "the new node leads back to neg";
  sum(y).backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(-3, -3));
}

TEST(Inplace, ChangingAResultItsOwnNodeSavedIsAnError) {
  // As in torch: y = x.exp(); y.mul_(3) leaves ExpBackward0 with a stale y.
  const Tensor x = fromValues({1, 2}, {2}, true);
  Tensor y = exp(x);
  y.mul_(scalarTensor(3));
  EXPECT_NE(errorOf([&] { sum(y).backward(); }).find("which is output 0 of ExpBackward0, is at version 1"),
            std::string::npos);
}

TEST(Inplace, GivesATensorThatDidNotRequireGradAHistory) {
  const Tensor w = fromValues({2, 3}, {2}, true);
  Tensor acc = zeros({2});
  acc.add_(w);
  EXPECT_TRUE(acc.requiresGrad());
  EXPECT_EQ(acc.gradFn()->name(), "AddBackward0");
  sum(mul(acc, acc)).backward();
  EXPECT_THAT(values(w.grad()), ElementsAre(4, 6));
}

// x = torch.tensor([1., 2., 3., 4.], dtype=torch.float64, requires_grad=True)
// v = x.exp().view(2, 2); v.add_(1): v.grad_fn AsStridedBackward0, v._base.grad_fn CopySlices
// x.view(2, 2).add_(1) raises "a view of a leaf Variable that requires grad is being used in an in-place operation."
TEST(Inplace, OnAViewThatRequiresGradRebasesItsBase) {
  const Tensor x = fromValues({1, 2, 3, 4}, {4}, true);
  Tensor e = exp(x);
  Tensor v = e.view({2, 2});
  EXPECT_EQ(v.gradFn()->name(), "ViewBackward0");
  v.add_(scalarTensor(1));
  EXPECT_EQ(e.gradFn()->name(), "torch::autograd::CopySlices");
  EXPECT_EQ(v.gradFn()->name(), "AsStridedBackward0");
  Tensor leafView = x.view({2, 2});
  EXPECT_EQ(errorOf([&] { leafView.add_(scalarTensor(1)); }),
            "a view of a leaf Variable that requires grad is being used in an in-place operation.");
}

// copy_ and fill_ are writers like add_: ops.yaml gives them the same
// generated ADInplaceOrView kernel, and so the same version bump. (When
// they were registered by hand they had none, and backward returned a
// wrong gradient in silence.)
TEST(Inplace, FillAndCopyBumpTheVersion) {
  Tensor t = zeros({3});
  fill_(t, 2.0);
  EXPECT_EQ(t.version(), 1u);
  t.copy_(ones({3}));
  EXPECT_EQ(t.version(), 2u);
  EXPECT_THAT(values(t), ElementsAre(1, 1, 1));
}

TEST(Inplace, OverwritingASavedInputWithFillIsAnError) {
  // torch: y = w * input; input.fill_(0); y.sum().backward() raises.
  const Tensor w = fromValues({1, 2}, {2}, true);
  Tensor input = fromValues({3, 4}, {2});
  const Tensor y = mul(w, input);  // MulBackward0 saves input for w's gradient
  fill_(input, 0.0);
  EXPECT_EQ(errorOf([&] { sum(y).backward(); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.DoubleTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to "
            "find the operation that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True).");
}

TEST(Inplace, OverwritingASavedInputWithCopyIsAnError) {
  const Tensor w = fromValues({1, 2}, {2}, true);
  Tensor input = fromValues({3, 4}, {2});
  const Tensor y = mul(w, input);
  input.copy_(fromValues({5, 6}, {2}));
  EXPECT_NE(errorOf([&] { sum(y).backward(); }).find("is at version 1; expected version 0"), std::string::npos);
}

TEST(Inplace, WhatFactoriesAndToWriteInsideIsNotAnInplaceOperation) {
  // full is empty then fill_, to() is empty then copy_: both run below
  // ADInplaceOrView, so their results start at version 0, as in torch.
  EXPECT_EQ(zeros({2}).version(), 0u);
  EXPECT_EQ(full({2}, 3.0).version(), 0u);
  EXPECT_EQ(arange(0, 3).version(), 0u);
  const Tensor x = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(x.to(ScalarType::Float).version(), 0u);
  EXPECT_EQ(clone(x).version(), 0u);
}

TEST(Inplace, ATransposeIsAViewToo) {
  // t's ADInplaceOrView kernel is generated from its `Tensor(a)` schema,
  // as view's is: an in-place write through it rebases the base the same way.
  const Tensor x = fromValues({1, 2, 3, 4}, {2, 2}, true);
  Tensor e = exp(x);
  Tensor transposed = t(e);
  transposed.add_(scalarTensor(1));
  EXPECT_EQ(e.gradFn()->name(), "torch::autograd::CopySlices");
  Tensor leafTransposed = t(x);
  EXPECT_EQ(errorOf([&] { leafTransposed.add_(scalarTensor(1)); }),
            "a view of a leaf Variable that requires grad is being used in an in-place operation.");
}

TEST(Inplace, AViewFollowsItsBaseAfterAnInplaceWrite) {
  // x = torch.tensor([1., 2., 3., 4.], dtype=torch.float64, requires_grad=True)
  // a = x * 1; r = a.view(2, 2); a.mul_(torch.full((4,), 0.5, dtype=torch.float64))
  // r.grad_fn is AsStridedBackward0 and r.sum().backward() gives x.grad 0.5 in
  // 1.13, which rebuilds r's history from a's new one; with r's old history
  // the gradient would be 1, silently. (Chapter 05 refuses instead.)
  const Tensor x = fromValues({1, 2, 3, 4}, {4}, true);
  Tensor a = mul(x, scalarTensor(1));
  const Tensor r = a.view({2, 2});
  a.mul_(fromValues({0.5, 0.5, 0.5, 0.5}, {4}));
  EXPECT_EQ(r.gradFn()->name(), "AsStridedBackward0");
  sum(r).backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(0.5, 0.5, 0.5, 0.5));
}

}  // namespace
}  // namespace mini
