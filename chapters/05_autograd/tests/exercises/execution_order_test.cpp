// Exercise 05.2: the engine's order.
#include <algorithm>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "mini/aten/operators.h"
#include "mini/exercises/execution_order.h"
#include "support/exercise_support.h"

namespace mini {
namespace {

using mini_test::runExercise;
using ::testing::ElementsAre;

TEST(Exercise05_2, AChainRunsBackToFront) {
  runExercise([] {
    const Tensor x = fromValues({1, 2}, {2}, true);
    EXPECT_THAT(executionOrder(sum(exp(neg(x)))),
                ElementsAre("SumBackward0", "ExpBackward0", "NegBackward0", "AccumulateGrad"));
  });
}

TEST(Exercise05_2, ASharedNodeWaitsForAllItsConsumers) {
  runExercise([] {
    // e feeds mul and neg; ExpBackward0 may run only after both.
    const Tensor x = fromValues({1}, {1}, true);
    const Tensor e = exp(x);
    const Tensor y = add(mul(e, e), neg(e));
    const std::vector<std::string> order = executionOrder(y);
    ASSERT_EQ(order.size(), 5u);
    EXPECT_EQ(order.front(), "AddBackward0");
    const auto at = [&](const std::string& name) {
      return std::find(order.begin(), order.end(), name) - order.begin();
    };
    EXPECT_LT(at("MulBackward0"), at("ExpBackward0"));
    EXPECT_LT(at("NegBackward0"), at("ExpBackward0"));
    EXPECT_EQ(order.back(), "AccumulateGrad");
    // ExpBackward0 twice among five would leave MulBackward0 or NegBackward0 out, which the checks above catch.
  });
}

// A leaf used twice: its AccumulateGrad has the highest sequence number of
// all (a leaf's node is numbered past every other), so the newest-first
// queue alone would run it as soon as the first edge reaches it. torch 1.13:
// ['SumBackward0', 'MulBackward0', 'ExpBackward0', 'AccumulateGrad'].
TEST(Exercise05_2, ALeafUsedTwiceAccumulatesOnce) {
  runExercise([] {
    const Tensor x = fromValues({1, 2}, {2}, true);
    EXPECT_THAT(executionOrder(sum(mul(x, exp(x)))),
                ElementsAre("SumBackward0", "MulBackward0", "ExpBackward0", "AccumulateGrad"))
        << "x's AccumulateGrad has two consumers, MulBackward0 and ExpBackward0: it runs once, after both";
  });
}

// Sequence numbers are per thread (thread_local, as in PyTorch), so a node
// made on a fresh thread can be numbered below the node it consumes. On
// one thread a consumer is always newer than what it consumes, and the
// newest-first queue alone keeps a shared node waiting; here only the count
// of its consumers does. torch 1.13, the same graph (n on the main thread,
// exp(n) and mul(n, n) on a new thread, add on the main thread):
// ['AddBackward0', 'MulBackward0', 'ExpBackward0', 'NegBackward0', 'AccumulateGrad'].
TEST(Exercise05_2, ASharedNodeWaitsWhateverItsNumber) {
  runExercise([] {
    const Tensor x = fromValues({1, 2}, {2}, true);
    const Tensor n = neg(x);
    Tensor a, b;
    std::thread([&] {
      a = exp(n);     // numbered 0 on the new thread, below n
      b = mul(n, n);  // 1
    }).join();
    EXPECT_THAT(executionOrder(add(a, b)),
                ElementsAre("AddBackward0", "MulBackward0", "ExpBackward0", "NegBackward0", "AccumulateGrad"))
        << "NegBackward0 has two consumers: it may run only once both have, whatever the numbers say";
  });
}

TEST(Exercise05_2, AmongReadyNodesTheNewestRunsFirst) {
  runExercise([] {
    const Tensor a = fromValues({1}, {1}, true);
    const Tensor b = fromValues({2}, {1}, true);
    const Tensor first = exp(a);   // older
    const Tensor second = neg(b);  // newer
    EXPECT_THAT(executionOrder(add(first, second)),
                ElementsAre("AddBackward0", "NegBackward0", "AccumulateGrad", "ExpBackward0", "AccumulateGrad"));
  });
}

// A leaf that requires grad has no grad_fn, but it has a gradient edge: its
// AccumulateGrad node, the only node its backward() runs.
TEST(Exercise05_2, ALeafRunsItsAccumulateGrad) {
  runExercise([] {
    EXPECT_THAT(executionOrder(fromValues({1}, {1}, true)), ElementsAre("AccumulateGrad"))
        << "start from gradientEdge(root), not from root.gradFn(): a leaf's edge is its AccumulateGrad";
  });
}

TEST(Exercise05_2, ATensorWithoutHistoryRunsNothing) {
  runExercise([] { EXPECT_TRUE(executionOrder(ones({1})).empty()); });
}

}  // namespace
}  // namespace mini
