// Integer and bool results never require grad, as in PyTorch 1.13: a
// gradient through integer values is meaningless (they are flat almost
// everywhere), and one that flows anyway doubles gradients silently. The
// values are torch 1.13's (python3-torch 1.13.1), from the expressions named
// at each test.
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/autograd/custom_function.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::values;
using ::testing::ElementsAre;

// a = torch.tensor([1.5, 2.5, -3.5], dtype=torch.float64, requires_grad=True)
// l = a.to(torch.int64): tensor([ 1,  2, -3]), l.requires_grad False, l.grad_fn None
// (l * a).sum().backward(): a.grad tensor([ 1.,  2., -3.], dtype=torch.float64)
TEST(IntegerResults, ToAnIntegerDtypeRecordsNoHistory) {
  const Tensor a = fromValues({1.5, 2.5, -3.5}, {3}, true);
  const Tensor l = a.to(ScalarType::Long);
  EXPECT_THAT(values(l), ElementsAre(1, 2, -3));
  EXPECT_FALSE(l.requiresGrad());
  EXPECT_EQ(l.gradFn(), nullptr);
  sum(mul(l, a)).backward();
  EXPECT_THAT(values(a.grad()), ElementsAre(1, 2, -3));
}

// a.to(torch.bool).requires_grad False; a.to(torch.float16).grad_fn ToCopyBackward0
TEST(IntegerResults, ToBoolRecordsNoneAndToAFloatDtypeStillDoes) {
  const Tensor a = fromValues({1.5, 2.5, -3.5}, {3}, true);
  EXPECT_FALSE(a.to(ScalarType::Bool).requiresGrad());
  const Tensor half = a.to(ScalarType::Half);
  ASSERT_NE(half.gradFn(), nullptr);
  EXPECT_EQ(half.gradFn()->name(), "ToCopyBackward0");
}

// a.to(torch.int64).to(torch.float64).requires_grad False: the history ends
// at the integer copy.
TEST(IntegerResults, AFloatCopyOfAnIntegerCopyHasNoHistory) {
  const Tensor a = fromValues({1.5, 2.5, -3.5}, {3}, true);
  EXPECT_FALSE(a.to(ScalarType::Long).to(ScalarType::Double).requiresGrad());
}

// A custom Function whose output is an integer tensor:
//   class Floor(torch.autograd.Function): forward returns x.to(torch.int64)
//   Floor.apply(a).requires_grad False, .grad_fn None (1.13's _wrap_outputs)
struct ToLong : Function<ToLong> {
  static Tensor forward(AutogradContext*, const Tensor& x) { return x.to(ScalarType::Long); }
  static TensorList backward(AutogradContext*, TensorList grads) { return {grads.at(0)}; }
};

TEST(IntegerResults, ACustomFunctionsIntegerOutputRecordsNoHistory) {
  const Tensor a = fromValues({1.5, 2.5, -3.5}, {3}, true);
  const Tensor l = ToLong::apply(a);
  EXPECT_FALSE(l.requiresGrad());
  EXPECT_EQ(l.gradFn(), nullptr);
}

}  // namespace
}  // namespace mini
