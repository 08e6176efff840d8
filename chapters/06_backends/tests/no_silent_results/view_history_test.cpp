// A view follows its base's history, as in PyTorch 1.13: an in-place write
// into the base changes the view's values, so the view's gradient must go
// where the base's goes, whether the view had a history before or not.
// Without it, a view taken before its base gained history kept none, and
// backward left the gradient undefined, with no error. The values are torch
// 1.13's (python3-torch 1.13.1), from the expressions at each test, with
//   x = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64)
//   b = torch.tensor([10., 20.], dtype=torch.float64, requires_grad=True)
//   c = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64)
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/core/grad_mode.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;

Tensor matrix22() { return fromValues({1, 2, 3, 4}, {2, 2}); }

// v = x.t(); x.add_(b): v.requires_grad True, v.grad_fn AsStridedBackward0,
// v tensor([[11., 13.], [22., 24.]]); (v * c).sum().backward(): b.grad tensor([3., 7.])
TEST(ViewHistory, AViewTakenBeforeItsBaseGainedHistoryFollowsIt) {
  Tensor x = matrix22();
  const Tensor b = fromValues({10, 20}, {2}, true);
  const Tensor v = x.t();
  EXPECT_FALSE(v.requiresGrad());
  x.add_(b);
  EXPECT_TRUE(v.requiresGrad());
  EXPECT_FALSE(v.isLeaf());
  ASSERT_NE(v.gradFn(), nullptr);
  EXPECT_EQ(v.gradFn()->name(), "AsStridedBackward0");
  EXPECT_THAT(values(v), ElementsAre(11, 13, 22, 24));
  sum(mul(v, matrix22())).backward();
  ASSERT_TRUE(b.grad().defined());
  EXPECT_THAT(values(b.grad()), ElementsAre(3, 7));
}

// v = x.view(4, 1).t(); x.mul_(b): v tensor([[10., 40., 30., 80.]]), grad_fn AsStridedBackward0;
// (v * torch.arange(4., dtype=torch.float64).view(1, 4)).sum().backward(): b.grad tensor([ 6., 14.])
TEST(ViewHistory, AViewOfAViewFollowsTheFirstBase) {
  Tensor x = matrix22();
  const Tensor b = fromValues({10, 20}, {2}, true);
  const Tensor v = x.view({4, 1}).t();
  x.mul_(b);
  EXPECT_THAT(values(v), ElementsAre(10, 40, 30, 80));
  sum(mul(v, fromValues({0, 1, 2, 3}, {1, 4}))).backward();
  EXPECT_THAT(values(b.grad()), ElementsAre(6, 14));
}

// a = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64, requires_grad=True)
// x = a * 1; v = x.t() (TBackward0); x.mul_(b): v.grad_fn AsStridedBackward0
// (v * c).sum().backward(): a.grad tensor([[10., 60.], [20., 80.]]), b.grad tensor([ 7., 22.])
TEST(ViewHistory, AViewWithHistoryGetsTheBasesNewOne) {
  const Tensor a = fromValues({1, 2, 3, 4}, {2, 2}, true);
  const Tensor b = fromValues({10, 20}, {2}, true);
  Tensor x = mul(a, scalarTensor(1));
  const Tensor v = x.t();
  EXPECT_EQ(v.gradFn()->name(), "TBackward0");
  x.mul_(b);
  EXPECT_EQ(v.gradFn()->name(), "AsStridedBackward0");
  sum(mul(v, matrix22())).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(10, 60, 20, 80));
  EXPECT_THAT(values(b.grad()), ElementsAre(7, 22));
}

// with torch.no_grad(): v = x.t()
// x.add_(b); (v * 2).sum().backward() raises:
TEST(ViewHistory, AViewMadeUnderNoGradCannotFollow) {
  Tensor x = matrix22();
  const Tensor b = fromValues({10, 20}, {2}, true);
  Tensor v;
  {
    NoGradGuard noGrad;
    v = x.t();
  }
  x.add_(b);
  EXPECT_EQ(errorOf([&] { sum(mul(v, scalarTensor(2))).backward(); }),
            "A view was created in no_grad mode and its base or another view of its base has been modified inplace "
            "with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can "
            "clarify your code by moving both the view and the inplace either both inside the no_grad block (if you "
            "don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked).");
}

// a = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
// with torch.no_grad(): v = a.view(2)
// v.requires_grad True, v.is_leaf True, v.grad_fn None; (v * 2).sum().backward(): a.grad None
TEST(ViewHistory, AViewMadeUnderNoGradRequiresGradButLeadsNowhere) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  Tensor v;
  {
    NoGradGuard noGrad;
    v = a.view({2});
  }
  EXPECT_TRUE(v.requiresGrad());
  EXPECT_TRUE(v.isLeaf());
  sum(mul(v, scalarTensor(2))).backward();
  EXPECT_FALSE(a.grad().defined());
}

}  // namespace
}  // namespace mini
