// How long the backward graph keeps what its formulas saved: until the node
// has run in a backward (then freed), or for good with retain_graph. The
// expected values and messages are torch 1.13's:
//   x = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
//   s = (x * 3).exp().sum(); s.backward(); s.backward()   # the error below
//   s = (x * 3).exp().sum(); s.backward(retain_graph=True); s.backward(); x.grad
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "mini/aten/operators.h"
#include "mini/autograd/custom_function.h"
#include "mini/autograd/engine.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;

constexpr const char* kTorchBackwardTwice =
    "Trying to backward through the graph a second time (or directly access saved tensors after they have already "
    "been freed). Saved intermediate values of the graph are freed when you call .backward() or autograd.grad(). "
    "Specify retain_graph=True if you need to backward through the graph a second time or if you need to access "
    "saved tensors after calling backward.";

/// exp(x * 3).sum(), and a weak reference to the storage of the exp result,
/// which only ExpBackward0 keeps once this returns: the result itself is gone.
Tensor sumOfExp(const Tensor& x, std::weak_ptr<Storage>& savedStorage) {
  const Tensor e = exp(mul(x, scalarTensor(3)));
  savedStorage = e.unsafeGetTensorImpl()->storage;
  return sum(e);
}

TEST(GraphLifetime, BackwardFreesWhatTheFormulasSaved) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  std::weak_ptr<Storage> saved;
  const Tensor s = sumOfExp(x, saved);
  ASSERT_FALSE(saved.expired()) << "ExpBackward0 keeps its result for backward";
  s.backward();
  EXPECT_TRUE(saved.expired()) << "the engine releases each node's saved tensors once it has run";
  EXPECT_NE(s.gradFn(), nullptr) << "the graph itself stays; only what it saved is gone";
}

TEST(GraphLifetime, ASecondBackwardRaisesTorchsError) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  std::weak_ptr<Storage> saved;
  const Tensor s = sumOfExp(x, saved);
  s.backward();
  EXPECT_EQ(errorOf([&] { s.backward(); }), kTorchBackwardTwice);
}

TEST(GraphLifetime, RetainGraphKeepsThemForASecondBackward) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  std::weak_ptr<Storage> saved;
  const Tensor s = sumOfExp(x, saved);
  s.backward({}, /*retainGraph=*/true);
  EXPECT_FALSE(saved.expired());
  s.backward();  // the default frees them this time
  EXPECT_TRUE(saved.expired());
  // Both backwards accumulated: 2 * 3 exp(3 x), torch's [120.5132, 2420.5728].
  EXPECT_DOUBLE_EQ(values(x.grad())[0], 6 * std::exp(3.0));
  EXPECT_DOUBLE_EQ(values(x.grad())[1], 6 * std::exp(6.0));
  EXPECT_EQ(errorOf([&] { s.backward(); }), kTorchBackwardTwice);
}

TEST(GraphLifetime, AGraphThatSavedNoTensorMayRunAgain) {
  // add and sum keep sizes, not tensors: nothing is freed, and torch runs
  // the second backward too.
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor s = sum(add(x, ones({2})));
  s.backward();
  s.backward();
  EXPECT_EQ(values(x.grad())[0], 2);
}

TEST(GraphLifetime, DroppingTheResultFreesAnUnusedGraph) {
  // A saved output is kept detached: were it kept as itself, it would hold
  // its own node as grad_fn and the graph would never be freed.
  const Tensor x = fromValues({1, 2}, {2}, true);
  std::weak_ptr<Storage> saved;
  std::weak_ptr<Node> node;
  {
    const Tensor s = sumOfExp(x, saved);
    node = s.gradFn();
  }
  EXPECT_TRUE(node.expired());
  EXPECT_TRUE(saved.expired());
}

struct Square : Function<Square> {
  static Tensor forward(AutogradContext* ctx, const Tensor& x) {
    const Tensor y = mul(x, x);
    ctx->saveForBackward({x, y});
    return y;
  }
  static TensorList backward(AutogradContext* ctx, TensorList grads) {
    const Tensor x = ctx->getSavedVariables().at(0);
    return {mul(grads.at(0), mul(x, scalarTensor(2)))};
  }
};

TEST(GraphLifetime, ACustomFunctionsSavedTensorsAreFreedToo) {
  const Tensor x = fromValues({3}, {1}, true);
  std::weak_ptr<Node> node;
  {
    const Tensor y = Square::apply(x);
    node = y.gradFn();
    y.backward({}, /*retainGraph=*/true);
    y.backward();
    EXPECT_EQ(values(x.grad())[0], 12);
    EXPECT_EQ(errorOf([&] { y.backward(); }), kTorchBackwardTwice);
  }
  EXPECT_TRUE(node.expired()) << "the output it saved is kept detached, so the node dies with the output";
}

}  // namespace
}  // namespace mini
