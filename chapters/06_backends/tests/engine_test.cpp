#include <gtest/gtest.h>

#include <thread>

#include "mini/aten/aten.h"
#include "mini/autograd/accumulate_grad.h"
#include "mini/autograd/engine.h"
#include "mini/core/grad_mode.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;
using ::testing::ElementsAre;

TEST(Autograd, RecordsANodeWithEdgesToTheInputs) {
  const Tensor a = fromValues({1, 2}, {2}, true);
  const Tensor b = fromValues({3, 4}, {2});
  const Tensor c = mul(a, b);
  ASSERT_NE(c.gradFn(), nullptr);
  EXPECT_EQ(c.gradFn()->name(), "MulBackward0");
  EXPECT_TRUE(c.requiresGrad());
  EXPECT_FALSE(c.isLeaf());
  const std::vector<Edge>& edges = c.gradFn()->nextEdges();
  ASSERT_EQ(edges.size(), 2u);
  ASSERT_TRUE(edges[0].isValid());
  EXPECT_EQ(edges[0].function->name(), "torch::autograd::AccumulateGrad");
  EXPECT_FALSE(edges[1].isValid()) << "b does not require grad";
}

TEST(Autograd, NothingRequiresGradNothingIsRecorded) {
  const Tensor c = add(fromValues({1}, {1}), fromValues({2}, {1}));
  EXPECT_EQ(c.gradFn(), nullptr);
  EXPECT_FALSE(c.requiresGrad());
}

TEST(Autograd, BackwardFillsTheLeavesGrad) {
  const Tensor x = fromValues({1, 2, 3}, {3}, true);
  const Tensor w = fromValues({4, 5, 6}, {3}, true);
  sum(mul(x, w)).backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(4, 5, 6));
  EXPECT_THAT(values(w.grad()), ElementsAre(1, 2, 3));
}

TEST(Autograd, AGraphWithSharedInputsAccumulates) {
  // y = x*x + x uses x three times: dy/dx = 2x + 1.
  const Tensor x = fromValues({1, 2, 3}, {3}, true);
  sum(add(mul(x, x), x)).backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(3, 5, 7));
}

TEST(Autograd, ADiamondRunsTheSharedNodeOnceWithTheSum) {
  // e = exp(x) feeds two branches; ExpBackward0 must wait for both.
  const Tensor x = fromValues({0, 1}, {2}, true);
  const Tensor e = exp(x);
  const Tensor y = add(mul(e, scalarTensor(2)), neg(e));  // = e
  sum(y).backward();
  EXPECT_DOUBLE_EQ(x.grad().data()[0], 1.0);
  EXPECT_DOUBLE_EQ(x.grad().data()[1], std::exp(1.0));
}

TEST(Autograd, DependenciesCountTheEdgesIntoEachNode) {
  const Tensor x = fromValues({1}, {1}, true);
  const Tensor e = exp(x);
  const Tensor y = mul(e, e);
  const auto dependencies = Engine::computeDependencies(*y.gradFn());
  EXPECT_EQ(dependencies.at(e.gradFn().get()), 2u);
  EXPECT_EQ(dependencies.count(y.gradFn().get()), 0u);
  EXPECT_EQ(dependencies.size(), 2u);  // ExpBackward0 and x's AccumulateGrad
}

TEST(Autograd, BackwardTwiceAddsToGrad) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  sum(mul(x, scalarTensor(3))).backward();
  sum(mul(x, scalarTensor(3))).backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(6, 6));
}

// 1.13's AccumulateGrad has the largest sequence number: the engine adds a
// leaf's gradient as soon as it is ready, before an older node runs. So a
// second backward through a freed MulBackward0 still adds to x.grad before
// it fails (torch 1.13: x.grad is 2 after the error). x's AccumulateGrad is
// made before mul's node: by order of creation it would run after it.
TEST(Autograd, ALeafsGradientIsAddedBeforeAnOlderNodeRuns) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor y = fromValues({3, 4}, {2}, true);
  const Tensor early = mul(x, scalarTensor(2));  // x's AccumulateGrad, made now
  const Tensor s = sum(add(x, mul(y, y)));
  s.backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(1, 1));
  EXPECT_NE(errorOf([&] { s.backward(); }).find("Trying to backward through the graph a second time"),
            std::string::npos);
  EXPECT_THAT(values(x.grad()), ElementsAre(2, 2));
  EXPECT_THAT(values(y.grad()), ElementsAre(6, 8));
}

TEST(Autograd, TwoLeavesNeverShareOneGradTensor) {
  const Tensor a = fromValues({1}, {1}, true);
  const Tensor b = fromValues({2}, {1}, true);
  sum(add(a, b)).backward();
  EXPECT_FALSE(a.grad().is_same(b.grad()));
  EXPECT_NE(a.grad().data().data(), b.grad().data().data());
}

TEST(Autograd, OneLeafHasOneAccumulateGradWhileAGraphLives) {
  const Tensor x = fromValues({1}, {1}, true);
  const Tensor y = exp(x);
  const Tensor z = neg(x);
  EXPECT_EQ(y.gradFn()->nextEdges()[0].function, z.gradFn()->nextEdges()[0].function);
  EXPECT_EQ(gradAccumulator(x), y.gradFn()->nextEdges()[0].function);
}

TEST(Autograd, BackwardOnATensorWithoutHistoryIsAnError) {
  EXPECT_EQ(errorOf([] { sum(ones({2})).backward(); }),
            "element 0 of tensors does not require grad and does not have a grad_fn");
}

TEST(Autograd, ANonScalarRootNeedsAGradient) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  EXPECT_EQ(errorOf([&] { exp(x).backward(); }), "grad can be implicitly created only for scalar outputs");
  exp(x).backward(fromValues({1, 0}, {2}));
  EXPECT_DOUBLE_EQ(x.grad().data()[0], std::exp(1.0));
  EXPECT_EQ(x.grad().data()[1], 0);
}

TEST(Autograd, BackwardIntoALeafItself) {
  const Tensor x = fromValues({5}, {1}, true);
  x.backward();
  EXPECT_THAT(values(x.grad()), ElementsAre(1));
}

TEST(NoGrad, BuildsNoGraph) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  Tensor y;
  {
    NoGradGuard noGrad;
    y = mul(exp(x), x);
  }
  EXPECT_EQ(y.gradFn(), nullptr);
  EXPECT_FALSE(y.requiresGrad());
  EXPECT_TRUE(mul(exp(x), x).requiresGrad()) << "recording is back on after the guard";
}

TEST(NoGrad, GuardsNestAndRestore) {
  EXPECT_TRUE(GradMode::isEnabled());
  {
    NoGradGuard outer;
    {
      NoGradGuard inner;
      EXPECT_FALSE(GradMode::isEnabled());
    }
    EXPECT_FALSE(GradMode::isEnabled());
  }
  EXPECT_TRUE(GradMode::isEnabled());
}

TEST(NoGrad, IsPerThread) {
  NoGradGuard noGrad;
  bool enabledElsewhere = false;
  std::thread([&] { enabledElsewhere = GradMode::isEnabled(); }).join();
  EXPECT_TRUE(enabledElsewhere);
}

TEST(NoGrad, TheEngineRunsFormulasWithoutRecording) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  sum(mul(x, x)).backward();
  EXPECT_EQ(x.grad().gradFn(), nullptr);
  EXPECT_FALSE(x.grad().requiresGrad());
}

}  // namespace
}  // namespace mini
