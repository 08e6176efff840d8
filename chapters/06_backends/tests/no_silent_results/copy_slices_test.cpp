// An in-place write through a view, as PyTorch 1.13 records it: the base's
// grad_fn becomes a CopySlices node wrapping the in-place operator's node,
// and the view's an AsStridedBackward0 of the base's new history. Before,
// chapter 06 refused every such write. The values are torch 1.13's
// (python3-torch 1.13.1), from the expressions at each test, with
//   a = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64, requires_grad=True)
//   b = torch.tensor([10., 20.], dtype=torch.float64, requires_grad=True)
//   c = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64)
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/saved_variable.h"
#include "mini/core/grad_mode.h"
#include "mini/extension/my_inplace_and_view_ops.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

Tensor onesToFour(bool requiresGrad = false) { return fromValues({1, 2, 3, 4}, {2, 2}, requiresGrad); }
Tensor tenTwenty() { return fromValues({10, 20}, {2}, true); }

// [copy_slices_test]
// x = a * 1; v = x.t(); v.mul_(b): x.grad_fn CopySlices, v.grad_fn AsStridedBackward0,
// x tensor([[10., 20.], [60., 80.]]); (x * c).sum().backward():
// a.grad tensor([[10., 20.], [60., 80.]]), b.grad tensor([ 5., 25.])
TEST(CopySlices, AWriteThroughAViewBecomesItsBasesHistory) {
  const Tensor a = onesToFour(true);
  const Tensor b = tenTwenty();
  const Tensor x = mul(a, scalarTensor(1));
  Tensor v = x.t();
  v.mul_(b);
  EXPECT_EQ(x.gradFn()->name(), "torch::autograd::CopySlices");
  EXPECT_EQ(v.gradFn()->name(), "AsStridedBackward0");
  EXPECT_THAT(values(x), ElementsAre(10, 20, 60, 80));
  sum(mul(x, onesToFour())).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(10, 20, 60, 80));
  EXPECT_THAT(values(b.grad()), ElementsAre(5, 25));
}
// [copy_slices_test]

// The same write, backward from the view: (v * c).sum().backward():
// a.grad tensor([[10., 30.], [40., 80.]]), b.grad tensor([ 7., 22.])
TEST(CopySlices, TheViewsGradientGoesThroughTheBasesNewHistory) {
  const Tensor a = onesToFour(true);
  const Tensor b = tenTwenty();
  const Tensor x = mul(a, scalarTensor(1));
  Tensor v = x.t();
  v.mul_(b);
  sum(mul(v, onesToFour())).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(10, 30, 40, 80));
  EXPECT_THAT(values(b.grad()), ElementsAre(7, 22));
}

// x = c.clone(); v = x.t(); v.add_(b): x.requires_grad True, x.is_leaf False,
// x.grad_fn CopySlices, x tensor([[11., 12.], [23., 24.]]);
// (x * c).sum().backward(): b.grad tensor([3., 7.])
TEST(CopySlices, ABaseWithoutHistoryGainsOne) {
  const Tensor x = onesToFour();
  const Tensor b = tenTwenty();
  Tensor v = x.t();
  v.add_(b);
  EXPECT_TRUE(x.requiresGrad());
  EXPECT_FALSE(x.isLeaf());
  EXPECT_EQ(x.gradFn()->name(), "torch::autograd::CopySlices");
  EXPECT_THAT(values(x), ElementsAre(11, 12, 23, 24));
  sum(mul(x, onesToFour())).backward();
  EXPECT_THAT(values(b.grad()), ElementsAre(3, 7));
}

// x = a * 2; v = x.view(4, 1).t(); v.exp_(): x.grad_fn CopySlices;
// (v * torch.arange(4., dtype=torch.float64).view(1, 4)).sum().backward():
// a.grad tensor([[0.0000e+00, 1.0920e+02], [1.6137e+03, 1.7886e+04]])
// (2 * k * exp(2 * a_k) for k = 0..3)
TEST(CopySlices, AViewOfAViewWritesTheFirstBase) {
  const Tensor a = onesToFour(true);
  const Tensor x = mul(a, scalarTensor(2));
  Tensor v = x.view({4, 1}).t();
  exp_(v);
  EXPECT_EQ(x.gradFn()->name(), "torch::autograd::CopySlices");
  sum(mul(v, fromValues({0, 1, 2, 3}, {1, 4}))).backward();
  const std::vector<double> grad = values(a.grad());
  const std::vector<double> expected = {0.0, 109.19630006628847, 1613.7151739709404, 17885.747922250368};
  ASSERT_EQ(grad.size(), expected.size());
  for (std::size_t i = 0; i < grad.size(); ++i) {
    EXPECT_NEAR(grad[i], expected[i], 1e-9 * expected[i]) << i;
  }
}

// x = a * 1; v1 = x.t(); v2 = x.view(4); v1.mul_(b)
// v2.sub_(torch.tensor([1., 2., 3., 4.], dtype=torch.float64), alpha=2); v1.mul_(b):
// x.grad_fn CopySlices, whose first edge is the earlier CopySlices;
// x tensor([[  80., 160.], [1080., 1440.]]); (x * c).sum().backward():
// a.grad tensor([[ 100., 200.], [1200., 1600.]]), b.grad tensor([ 90., 950.])
TEST(CopySlices, WritesThroughTwoViewsChain) {
  const Tensor a = onesToFour(true);
  const Tensor b = tenTwenty();
  const Tensor x = mul(a, scalarTensor(1));
  Tensor v1 = x.t();
  Tensor v2 = x.view({4});
  v1.mul_(b);
  const std::shared_ptr<Node> first = x.gradFn();
  v2.sub_(fromValues({1, 2, 3, 4}, {4}), 2);
  v1.mul_(b);
  EXPECT_EQ(x.gradFn()->name(), "torch::autograd::CopySlices");
  EXPECT_NE(x.gradFn(), first);
  EXPECT_THAT(values(x), ElementsAre(80, 160, 1080, 1440));
  sum(mul(x, onesToFour())).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(100, 200, 1200, 1600));
  EXPECT_THAT(values(b.grad()), ElementsAre(90, 950));
}

// s = torch.tensor([[5., 6.], [7., 8.]], requires_grad=True) (float32)
// x = a * 3; x.t().copy_(s): x.grad_fn CopySlices, x tensor([[5., 7.], [6., 8.]]);
// (x * c).sum().backward(): a.grad zeros, s.grad tensor([[1., 3.], [2., 4.]]) (float32)
TEST(CopySlices, CopyIntoAViewSendsTheGradientToTheSource) {
  const Tensor a = onesToFour(true);
  Tensor s = fromValues({5, 6, 7, 8}, {2, 2}).to(ScalarType::Float);
  s.setRequiresGrad(true);
  const Tensor x = mul(a, scalarTensor(3));
  x.t().copy_(s);
  EXPECT_EQ(x.gradFn()->name(), "torch::autograd::CopySlices");
  EXPECT_THAT(values(x), ElementsAre(5, 7, 6, 8));
  sum(mul(x, onesToFour())).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(0, 0, 0, 0));
  EXPECT_EQ(s.grad().dtype(), ScalarType::Float);
  EXPECT_THAT(values(s.grad()), ElementsAre(1, 3, 2, 4));
}

// x = a * 3; x.view(4).fill_(2.0); (x * c).sum().backward(): a.grad zeros
TEST(CopySlices, FillThroughAViewStopsTheGradient) {
  const Tensor a = onesToFour(true);
  const Tensor x = mul(a, scalarTensor(3));
  Tensor v = x.view({4});
  fill_(v, 2.0);
  sum(mul(x, onesToFour())).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(0, 0, 0, 0));
}

// q = torch.tensor([2.], requires_grad=True) (float32); x = a * 1; x.t().div_(q):
// (x * c).sum().backward(): a.grad tensor([[0.5, 1.], [1.5, 2.]]), q.grad tensor([-7.5]) (float32)
TEST(CopySlices, ABroadcastOperandOfAnotherDtypeGetsItsOwnGradient) {
  const Tensor a = onesToFour(true);
  Tensor q = fromValues({2}, {1}).to(ScalarType::Float);
  q.setRequiresGrad(true);
  const Tensor x = mul(a, scalarTensor(1));
  x.t().div_(q);
  sum(mul(x, onesToFour())).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(0.5, 1, 1.5, 2));
  EXPECT_EQ(q.grad().dtype(), ScalarType::Float);
  EXPECT_THAT(values(q.grad()), ElementsAre(-7.5));
}

// An in-place operator with no formula (myops::myadd_, through the
// autograd-not-implemented fallback) is rebased the same way: its
// NotImplemented node inside a CopySlices, which says so in backward.
TEST(CopySlices, AnInplaceOperatorWithoutAFormulaIsWrappedToo) {
  const Tensor a = onesToFour(true);
  const Tensor x = mul(a, scalarTensor(1));
  const Tensor v = x.t();
  myadd_(v, fromValues({1, 1}, {2}));
  EXPECT_THAT(values(x), ElementsAre(2, 3, 4, 5));
  EXPECT_EQ(x.gradFn()->name(), "torch::autograd::CopySlices");
  EXPECT_EQ(v.gradFn()->name(), "AsStridedBackward0");
  EXPECT_THAT(errorOf([&] { sum(x).backward(); }), HasSubstr("myops::myadd_"));
  const Tensor leafView = a.t();
  EXPECT_EQ(errorOf([&] {
              myadd_(leafView, fromValues({1, 1}, {2}));
            }),
            "a view of a leaf Variable that requires grad is being used in an in-place operation.");
}

// a.t().add_(torch.ones(2, dtype=torch.float64)) and a.view(4).exp_() raise:
TEST(CopySlices, AViewOfALeafThatRequiresGradIsRefused) {
  const Tensor a = onesToFour(true);
  Tensor transposed = a.t();
  EXPECT_EQ(errorOf([&] { transposed.add_(ones({2})); }),
            "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  Tensor flat = a.view({4});
  EXPECT_EQ(errorOf([&] { exp_(flat); }),
            "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  EXPECT_TRUE(a.isLeaf());
  EXPECT_THAT(values(a), ElementsAre(1, 2, 3, 4));
}

// Under no_grad the write records nothing, so a view of a leaf may be
// written (an optimizer's step): with torch.no_grad(): a.t().mul_(2)
TEST(CopySlices, AViewOfALeafMayBeWrittenUnderNoGrad) {
  const Tensor a = onesToFour(true);
  {
    NoGradGuard noGrad;
    Tensor transposed = a.t();
    transposed.mul_(scalarTensor(2));
  }
  EXPECT_TRUE(a.isLeaf());
  EXPECT_THAT(values(a), ElementsAre(2, 4, 6, 8));
}

// x = c.clone(); with torch.no_grad(): v = x.t()
// v.add_(b) raises:
TEST(CopySlices, AViewMadeUnderNoGradIsRefusedItsOwnWrite) {
  const Tensor x = onesToFour();
  const Tensor b = tenTwenty();
  Tensor v;
  {
    NoGradGuard noGrad;
    v = x.t();
  }
  EXPECT_EQ(errorOf([&] { v.add_(b); }),
            "A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given that "
            "this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both "
            "the view and the inplace either both inside the no_grad block (if you don't want the inplace to be "
            "tracked) or both outside (if you want the inplace to be tracked).");
  EXPECT_FALSE(x.requiresGrad());
}

// Backward frees what the graph saved, CopySlices's wrapped node with it:
// x = a * 1; v = x.t(); v.add_(b); s = x.sum(); s.backward()
// a.grad [[1., 1.], [1., 1.]], b.grad [2., 2.]; s.backward() again raises
// "Trying to backward through the graph a second time ..." (SumBackward0
// saved no tensor, so CopySlices is the node that finds its part freed);
// with s.backward(retain_graph=True) first, both run: a.grad 2s, b.grad 4s.
TEST(CopySlices, ASecondBackwardFindsTheWrappedNodeFreedUnlessRetained) {
  for (const bool retain : {false, true}) {
    const Tensor a = onesToFour(true);
    const Tensor b = tenTwenty();
    const Tensor x = mul(a, scalarTensor(1));
    Tensor v = x.t();
    v.add_(b);
    const Tensor s = sum(x);
    s.backward({}, retain);
    EXPECT_THAT(values(a.grad()), ElementsAre(1, 1, 1, 1));
    EXPECT_THAT(values(b.grad()), ElementsAre(2, 2));
    if (!retain) {
      EXPECT_EQ(errorOf([&] { s.backward(); }), kErrBackwardTwice);
      continue;
    }
    s.backward();
    EXPECT_THAT(values(a.grad()), ElementsAre(2, 2, 2, 2));
    EXPECT_THAT(values(b.grad()), ElementsAre(4, 4));
  }
}

}  // namespace
}  // namespace mini
