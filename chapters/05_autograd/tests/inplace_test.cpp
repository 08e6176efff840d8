// ADInplaceOrView's half of the story: versions, views, and stale saved tensors.
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/autograd/backward_nodes.h"
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
  add_(e, scalarTensor(1));                  // e is now at version 1
  EXPECT_EQ(errorOf([&] { sum(y).backward(); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.DoubleTensor [3]], which is output 0 of ExpBackward0, is at version 1; expected version 0 "
            "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True).");
}

TEST(Inplace, ModifyingASavedInputIsAnErrorNamingTheNodeThatNeedsIt) {
  const Tensor w = fromValues({1, 2}, {2}, true);
  Tensor input = fromValues({3, 4}, {2});
  const Tensor y = mul(w, input);  // MulBackward0 saves input for w's gradient
  mul_(input, scalarTensor(10));
  EXPECT_EQ(errorOf([&] { sum(y).backward(); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.DoubleTensor [2]] is at version 1; expected version 0 instead. Hint: enable anomaly detection to "
            "find the operation that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True).");
}

// PyTorch keeps a saved input as itself, so its message names the tensor's
// producer *now*: here the add_ that wrote it, not the mul that made it.
TEST(Inplace, ModifyingASavedInputNamesItsCurrentProducer) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor w = fromValues({1, 1}, {2}, true);
  Tensor a = mul(x, scalarTensor(2));  // a's producer: MulBackward0
  const Tensor y = mul(w, a);          // saves a, an input, for w's gradient
  add_(a, fromValues({1, 1}, {2}, true));
  EXPECT_EQ(errorOf([&] { sum(y).backward(); }),
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            "[torch.DoubleTensor [2]], which is output 0 of AddBackward0, is at version 1; expected version 0 "
            "instead. Hint: enable anomaly detection to find the operation that failed to compute its gradient, with "
            "torch.autograd.set_detect_anomaly(True).");
}

// A leaf that needed no gradient when saved gains a producer too.
TEST(Inplace, ASavedLeafWrittenWithHistoryNamesItsNewProducer) {
  const Tensor w = fromValues({1, 1}, {2}, true);
  Tensor input = fromValues({3, 4}, {2});
  const Tensor y = mul(w, input);
  add_(input, fromValues({1, 1}, {2}, true));
  EXPECT_NE(errorOf([&] { sum(y).backward(); }).find("[2]], which is output 0 of AddBackward0, is at version 1"),
            std::string::npos);
}

TEST(Inplace, ModifyingAViewOfASavedTensorIsCaughtToo) {
  const Tensor w = fromValues({1, 2, 3, 4}, {2, 2}, true);
  const Tensor input = fromValues({1, 1, 1, 1}, {2, 2});
  const Tensor y = mul(w, input);
  Tensor flat = view(input, {4});
  add_(flat, ones({4}));
  EXPECT_NE(errorOf([&] { sum(y).backward(); }).find("is at version 1; expected version 0"), std::string::npos);
}

TEST(Inplace, ATensorNoFormulaReadsMayChange) {
  // add saves nothing, so changing its input afterwards is fine.
  const Tensor w = fromValues({1, 2}, {2}, true);
  Tensor input = fromValues({3, 4}, {2});
  const Tensor y = add(w, input);
  add_(input, ones({2}));
  sum(y).backward();
  EXPECT_THAT(values(w.grad()), ElementsAre(1, 1));
}

TEST(Inplace, ALeafThatRequiresGradRefuses) {
  Tensor w = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { add_(w, ones({2})); }),
            "a leaf Variable that requires grad is being used in an in-place operation.");
  EXPECT_EQ(w.version(), 0u) << "refused before writing";
}

TEST(Inplace, ALeafMayBeUpdatedUnderNoGrad) {
  Tensor w = fromValues({1, 2}, {2}, true);
  {
    NoGradGuard noGrad;
    add_(w, fromValues({0.5, 0.5}, {2}));
  }
  EXPECT_THAT(values(w), ElementsAre(1.5, 2.5));
  EXPECT_TRUE(w.isLeaf());
  EXPECT_EQ(w.version(), 1u);
}

TEST(Inplace, RebasesTheHistoryOfANonLeaf) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  Tensor y = neg(x);  // NegBackward0 saves nothing, so y may change
  const std::shared_ptr<Node> before = y.gradFn();
  mul_(y, scalarTensor(3));
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
  mul_(y, scalarTensor(3));
  EXPECT_NE(errorOf([&] { sum(y).backward(); }).find("which is output 0 of ExpBackward0, is at version 1"),
            std::string::npos);
}

TEST(Inplace, GivesATensorThatDidNotRequireGradAHistory) {
  const Tensor w = fromValues({2, 3}, {2}, true);
  Tensor acc = zeros({2});
  add_(acc, w);
  EXPECT_TRUE(acc.requiresGrad());
  EXPECT_EQ(acc.gradFn()->name(), "AddBackward0");
  sum(mul(acc, acc)).backward();
  EXPECT_THAT(values(w.grad()), ElementsAre(4, 6));
}

TEST(Inplace, OnAViewThatRequiresGradIsRefused) {
  const Tensor x = fromValues({1, 2, 3, 4}, {4}, true);
  Tensor v = view(exp(x), {2, 2});
  EXPECT_EQ(v.gradFn()->name(), "ViewBackward0");
  EXPECT_EQ(errorOf([&] { add_(v, scalarTensor(1)); }),
            "add_: an in-place operation on a view of a tensor that requires grad is not supported in this chapter");
}

TEST(Inplace, AViewIsRefusedOnceItsBaseWasWrittenInPlace) {
  // x = torch.tensor([1., 2., 3., 4.], dtype=torch.float64, requires_grad=True)
  // a = x * 1; r = a.view(2, 2); a.mul_(torch.full((4,), 0.5, dtype=torch.float64))
  // r.sum().backward() gives x.grad 0.5 in 1.13, which rebuilds r's history;
  // with r's old history the gradient would be 1, silently.
  const Tensor x = fromValues({1, 2, 3, 4}, {4}, true);
  Tensor a = mul(x, scalarTensor(1));
  const Tensor r = view(a, {2, 2});
  mul_(a, fromValues({0.5, 0.5, 0.5, 0.5}, {4}));
  EXPECT_EQ(errorOf([&] { sum(r); }),
            "a view was used after its base was modified by an inplace operation (its history is from version 0, its "
            "storage is at version 1): PyTorch would rebuild the view's history here, this course does not. Take the "
            "view again after the inplace operation.");
  // Taken again, the view's history is the base's new one.
  sum(view(a, {2, 2})).backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(0.5, 0.5, 0.5, 0.5));
}

}  // namespace
}  // namespace mini
