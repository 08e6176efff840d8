// How long the backward graph keeps what its formulas saved: until the node
// has run in a backward (then freed), or for good with retain_graph. The
// expected values and messages are torch 1.13's:
//   x = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
//   s = (x * 3).exp().sum(); s.backward(); s.backward()   # the error below
//   s = (x * 3).exp().sum(); s.backward(retain_graph=True); s.backward(); x.grad
// and a graph of any depth is freed without running out of stack, as 1.13's
// deleteNode frees it (the deep-graph tests at the end).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "mini/aten/aten.h"
#include "mini/autograd/autograd_meta.h"
#include "mini/autograd/custom_function.h"
#include "mini/autograd/engine.h"
#include "mini/dispatch_modes/autograd_grad.h"
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

/// Every node reachable from `root`, each once.
std::vector<std::shared_ptr<Node>> nodesOf(const std::shared_ptr<Node>& root) {
  std::vector<std::shared_ptr<Node>> nodes{root};
  std::unordered_set<const Node*> seen{root.get()};
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    for (const Edge& edge : std::as_const(*nodes[i]).nextEdges()) {
      if (edge.isValid() && seen.insert(edge.function.get()).second) {
        nodes.push_back(edge.function);
      }
    }
  }
  return nodes;
}

// deleteNode frees in a loop only what it is the deleter of: a node made by
// std::make_shared (which takes no deleter) would free the nodes behind it
// by recursion again. Every kind of node the chapter makes has it.
TEST(GraphLifetime, EveryNodeIsFreedByDeleteNode) {
  const Tensor x = fromValues({1, 2}, {2}, true);
  const Tensor w = fromValues({3, 4}, {2}, true);
  const GradCapture capture({w});  // w's last node is a CaptureGrad
  Tensor z = add(mul(x, w), exp(x));
  z.mul_(scalarTensor(2));
  Tensor zv = z.view({2, 1});
  zv.mul_(scalarTensor(1));          // z's history: a CopySlices
  z.copy_(mul(z, scalarTensor(1)));  // and now a CopyBackwards; zv's an AsStridedBackward0
  const Tensor v = t(div(sub(zv.view({2}), neg(x)), w).view({2, 1})).view({2});
  const Tensor m = matmul(Square::apply(v).view({1, 2}), relu(cos(x)).view({2, 1}));
  const Tensor s = sum(m);
  std::set<std::string> names;
  for (const std::shared_ptr<Node>& node : nodesOf(s.gradFn())) {
    void (*const* deleter)(Node*) = std::get_deleter<void (*)(Node*)>(node);
    EXPECT_TRUE(deleter != nullptr && *deleter == &deleteNode) << node->name() << " is not freed by deleteNode";
    names.insert(node->name());
  }
  EXPECT_EQ(names, (std::set<std::string>{"torch::autograd::AccumulateGrad", "AddBackward0", "AsStridedBackward0",
                                          "CaptureGrad", "DivBackward0", "ExpBackward0", "MmBackward0", "MulBackward0",
                                          "NegBackward0", "NotImplemented", "ReluBackward0", "SquareBackward",
                                          "SubBackward0", "SumBackward0", "TBackward0", "ViewBackward0",
                                          "torch::autograd::CopyBackwards", "torch::autograd::CopySlices"}));
}

// A graph deeper than the stack allows recursion to: each node's destructor
// would release the edge to the node before it, whose destructor releases
// the next... (before nodes were freed by deleteNode, a chain of about
// 12,800 nodes overflowed the 8 MiB stack of a Debug build, and one of
// about 6,200 under AddressSanitizer, whose frames are larger). 100,000
// leaves no doubt.
constexpr int kDeep = 100000;

/// A leaf and what `step` makes of it `steps` times over; `first` is the
/// node of the first step, which the rest of the graph holds. The graph is
/// the returned tensor's alone: x's AccumulateGrad is weak in x.
Tensor deepGraph(const Tensor& x, int steps, const std::function<Tensor(Tensor)>& step, std::weak_ptr<Node>& first) {
  Tensor y = x;
  for (int i = 0; i < steps; ++i) {
    y = step(std::move(y));
    if (i == 0) {
      first = y.gradFn();
    }
  }
  return y;
}

/// Whether the leaf's AccumulateGrad is gone: the last node of every path.
bool accumulatorFreed(const Tensor& leaf) { return leaf.unsafeGetTensorImpl()->autograd->gradAccumulator.expired(); }

// y = x; for i in range(100000): y = y * 1.0; y.backward(); del y
TEST(GraphLifetime, ADeepChainRunsBackwardAndIsFreed) {
  const Tensor x = fromValues({2}, {1}, true);
  const Tensor one = scalarTensor(1);
  std::weak_ptr<Node> first;
  std::weak_ptr<Node> last;
  {
    const Tensor y = deepGraph(
        x, kDeep, [&](const Tensor& y) { return mul(y, one); }, first);
    last = y.gradFn();
    y.backward();
    ASSERT_FALSE(first.expired());
  }
  EXPECT_TRUE(last.expired());
  EXPECT_TRUE(first.expired());
  EXPECT_TRUE(accumulatorFreed(x));
  EXPECT_EQ(values(x.grad())[0], 1);
}

// Never run backward, every node still holds what it saved: y * w saves y
// (an input, kept as itself, so with its grad_fn, the node before), and
// that is a second path from each node to the one before. (gatherFunctions
// must release it before it looks at the edges: the other way round, this
// test crashes.)
TEST(GraphLifetime, ADeepChainThatNeverRanBackwardIsFreed) {
  const Tensor x = fromValues({2}, {1}, true);
  const Tensor w = scalarTensor(1, true);
  std::weak_ptr<Node> first;
  std::weak_ptr<Node> last;
  {
    const Tensor y = deepGraph(
        x, kDeep, [&](const Tensor& y) { return mul(y, w); }, first);
    last = y.gradFn();
  }
  EXPECT_TRUE(last.expired());
  EXPECT_TRUE(first.expired());
  EXPECT_TRUE(accumulatorFreed(x));
  EXPECT_TRUE(accumulatorFreed(w));
}

// Wider, through every kind of node the chapter records: two paths into
// each node (y * 0 + y), an in-place write, one through a view (a
// CopySlices wrapping its MulBackward0, and the view's AsStridedBackward0),
// views and a transpose: eight nodes a round, 100,000 in 12,500 rounds.
// y's gradient is 1 in every round. The backward retains the graph, so it
// is freed with every saved tensor still held.
TEST(GraphLifetime, ADeepGraphOfInplaceWritesAndViewsRunsBackwardAndIsFreed) {
  const Tensor x = fromValues({2, 3}, {2}, true);
  const Tensor zero = scalarTensor(0);
  const Tensor one = scalarTensor(1);
  std::weak_ptr<Node> first;
  std::weak_ptr<Node> last;
  {
    auto round = [&](const Tensor& y) {
      Tensor z = add(mul(y, zero), y);
      z.mul_(one);
      z.view({2, 1}).mul_(one);  // through a view: z's history becomes a CopySlices
      return t(z.view({2, 1})).view({2});
    };
    const Tensor y = sum(deepGraph(x, kDeep / 8, round, first));
    last = y.gradFn();
    y.backward({}, /*retainGraph=*/true);
  }
  EXPECT_TRUE(last.expired());
  EXPECT_TRUE(first.expired());
  EXPECT_TRUE(accumulatorFreed(x));
  EXPECT_EQ(values(x.grad()), (std::vector<double>{1, 1}));
}

// Writes through one view of one base, 100,000 times: the base's history is
// a chain of CopySlices, each holding the MulBackward0 of its write (its
// `fn`), whose edge is the view's AsStridedBackward0 of the CopySlices
// before. Three nodes a write; a third of kDeep writes makes 100,000.
TEST(GraphLifetime, ADeepChainOfWritesThroughAViewRunsBackwardAndIsFreed) {
  const Tensor x = fromValues({1, 2, 3, 4}, {4}, true);
  const Tensor one = scalarTensor(1);
  std::weak_ptr<Node> first;
  std::weak_ptr<Node> last;
  {
    const Tensor base = mul(x, one);
    Tensor v = base.view({2, 2});
    for (int i = 0; i < kDeep / 3; ++i) {
      v.mul_(one);
      if (i == 0) {
        first = base.gradFn();
      }
    }
    last = base.gradFn();
    EXPECT_EQ(base.gradFn()->name(), "torch::autograd::CopySlices");
    sum(base).backward();
  }
  EXPECT_TRUE(last.expired());
  EXPECT_TRUE(first.expired());
  EXPECT_TRUE(accumulatorFreed(x));
  EXPECT_EQ(values(x.grad()), (std::vector<double>{1, 1, 1, 1}));
}

}  // namespace
}  // namespace mini
