// The three modes built on the mode stack: a logging mode, a FLOP counter
// checked against counts worked out by hand, and make_fx's graph tracer,
// whose joint forward and backward graph runs again on new inputs.
#include <gtest/gtest.h>

#include "mini/aten/aten.h"
#include "mini/dispatch_modes/autograd_grad.h"
#include "mini/dispatch_modes/flop_counter_mode.h"
#include "mini/dispatch_modes/logging_mode.h"
#include "mini/dispatch_modes/proxy_tensor_mode.h"
#include "mini/op_registration/schema_parser.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

using mini_test::errorOf;
using mini_test::values;

/// The model of these tests: loss = sum(exp(x @ w1) @ w2), with
/// x [2, 3], w1 [3, 4], w2 [4, 1]. Each tensor is used once, so backward
/// adds no two gradients (the engine would add them outside the dispatcher).
Tensor smallModel(const Tensor& x, const Tensor& w1, const Tensor& w2) { return sum(matmul(exp(matmul(x, w1)), w2)); }

struct Inputs {
  Tensor x, w1, w2, g;
};

Inputs makeInputs(double shift) {
  std::vector<double> x{0.1, -0.2, 0.3, 0.4, 0.5, -0.6};
  std::vector<double> w1(12), w2(4);
  for (std::size_t i = 0; i < w1.size(); ++i) {
    w1[i] = 0.05 * static_cast<double>(i) - 0.3 + shift;
  }
  for (std::size_t i = 0; i < w2.size(); ++i) {
    w2[i] = 0.5 - 0.25 * static_cast<double>(i) + shift;
  }
  return {fromValues(x, {2, 3}), fromValues(w1, {3, 4}, true), fromValues(w2, {4, 1}, true), scalarTensor(1.0 + shift)};
}

TEST(LoggingMode, LogsForwardThenBackward) {
  const Inputs in = makeInputs(0);
  const auto logging = std::make_shared<LoggingMode>();
  {
    const TorchDispatchModeGuard guard(logging);
    smallModel(in.x, in.w1, in.w2).backward(in.g);
  }
  EXPECT_EQ(logging->str(),
            "$2 = aten::matmul($0, $1)\n"
            "$3 = aten::exp($2)\n"
            "$5 = aten::matmul($3, $4)\n"
            "$6 = aten::sum($5)\n"
            "$7 = aten::ones([2, 1], 3, cpu)\n"
            "$9 = aten::mul.Tensor($7, $8)\n"
            "$10 = aten::t($4)\n"
            "$11 = aten::matmul($9, $10)\n"
            "$12 = aten::t($3)\n"
            "$13 = aten::matmul($12, $9)\n"
            "$14 = aten::clone($13)\n"
            "$16 = aten::mul.Tensor($11, $15)\n"
            "$17 = aten::t($0)\n"
            "$18 = aten::matmul($17, $16)\n"
            "$19 = aten::clone($18)\n");
}

// [flop_hand_counts]
TEST(FlopCounterMode, AgreesWithCountsWorkedOutByHand) {
  const Inputs in = makeInputs(0);
  const auto flops = std::make_shared<FlopCounterMode>();
  {
    const TorchDispatchModeGuard guard(flops);
    smallModel(in.x, in.w1, in.w2).backward(in.g);
  }
  using Phase = FlopCounterMode::Phase;
  // Forward: [2,3]@[3,4] is 2·2·3·4 = 48; exp of 8 elements 8;
  // [2,4]@[4,1] is 2·2·4·1 = 16; sum of 2 elements 2.
  EXPECT_EQ(flops->flopCounts(Phase::Forward),
            (std::map<std::string, std::int64_t>{{"aten::matmul", 64}, {"aten::exp", 8}, {"aten::sum", 2}}));
  // Backward: SumBackward0 multiplies a [2,1] of ones by the seed (2);
  // MmBackward0 of the second matmul: [2,1]@[1,4] (16) and [4,2]@[2,1]
  // (16); ExpBackward0 multiplies [2,4] (8); MmBackward0 of the first:
  // only w1 needs a gradient, [3,2]@[2,4] (48). t() costs nothing.
  EXPECT_EQ(flops->flopCounts(Phase::Backward),
            (std::map<std::string, std::int64_t>{{"aten::matmul", 80}, {"aten::mul.Tensor", 10}}));
  EXPECT_EQ(flops->totalFlops(Phase::Forward), 74);
  EXPECT_EQ(flops->totalFlops(Phase::Backward), 90);
  EXPECT_EQ(flops->totalFlops(), 164);
}
// [flop_hand_counts]

TEST(FlopCounterMode, MatmulCountsTwoPerMultiplyAccumulate) {
  const auto matmulFlops = [](Sizes a, Sizes b) {
    const auto onesOf = [](const Sizes& sizes) {
      std::size_t numel = 1;
      for (const std::int64_t size : sizes) {
        numel *= static_cast<std::size_t>(size);
      }
      return fromValues(std::vector<double>(numel, 1.0), sizes);
    };
    const Tensor x = onesOf(a), y = onesOf(b);
    return flopsOf("aten::matmul", {IValue(x), IValue(y)}, {IValue(matmul(x, y))});
  };
  EXPECT_EQ(matmulFlops({1, 3}, {3, 1}), 6) << "a dot product: 3 multiplies, 3 adds";
  EXPECT_EQ(matmulFlops({2, 3}, {3, 4}), 2 * 2 * 3 * 4);
  EXPECT_EQ(matmulFlops({4, 1}, {1, 5}), 2 * 4 * 1 * 5) << "an outer product: one multiply and one add each";
  EXPECT_EQ(flopsOf("aten::view", {}, {}), std::nullopt) << "no formula, no count";
}

TEST(FlopCounterMode, PrintsATablePerOperatorAndPhase) {
  const auto flops = std::make_shared<FlopCounterMode>();
  {
    const TorchDispatchModeGuard guard(flops);
    (void)exp(fromValues({1, 2, 3}, {3}));
  }
  EXPECT_EQ(flops->table(),
            "operator                     phase        FLOPs\n"
            "aten::exp                    forward          3\n"
            "total                        forward          3\n"
            "total                        backward         0\n"
            "total                        both             3\n");
}

// [joint_graph_trace]
/// make_fx of the joint function: forward, then the gradients of w1 and w2
/// for the seed g, traced below autograd.
std::shared_ptr<ProxyTorchDispatchMode> traceJoint(const Inputs& in) {
  auto tracer = std::make_shared<ProxyTorchDispatchMode>();
  GradCapture capture({in.w1, in.w2});
  const TorchDispatchModeGuard guard(tracer);
  tracer->placeholder(in.x, "x_1");
  tracer->placeholder(in.w1, "w1_1");
  tracer->placeholder(in.w2, "w2_1");
  tracer->placeholder(in.g, "g_1");
  const Tensor loss = smallModel(in.x, in.w1, in.w2);
  const std::vector<Tensor> grads = capture.grad(loss, in.g);
  tracer->output({loss, grads[0], grads[1]});
  return tracer;
}
// [joint_graph_trace]

TEST(ProxyTorchDispatchMode, RecordsTheJointGraphOfForwardAndBackward) {
  const auto tracer = traceJoint(makeInputs(0));
  EXPECT_EQ(tracer->graph().str(),
            "graph():\n"
            "    %x_1 : [#users=2] = placeholder[target=x_1]\n"
            "    %w1_1 : [#users=1] = placeholder[target=w1_1]\n"
            "    %w2_1 : [#users=2] = placeholder[target=w2_1]\n"
            "    %g_1 : [#users=1] = placeholder[target=g_1]\n"
            "    %matmul : [#users=1] = call_function[target=aten::matmul](args = (%x_1, %w1_1), kwargs = {})\n"
            "    %exp : [#users=3] = call_function[target=aten::exp](args = (%matmul,), kwargs = {})\n"
            "    %matmul_1 : [#users=1] = call_function[target=aten::matmul](args = (%exp, %w2_1), kwargs = {})\n"
            "    %sum : [#users=1] = call_function[target=aten::sum](args = (%matmul_1,), kwargs = {})\n"
            "    %ones : [#users=1] = call_function[target=aten::ones](args = ([2, 1], 3, cpu), kwargs = {})\n"
            "    %mul : [#users=2] = call_function[target=aten::mul.Tensor](args = (%ones, %g_1), kwargs = {})\n"
            "    %t : [#users=1] = call_function[target=aten::t](args = (%w2_1,), kwargs = {})\n"
            "    %matmul_2 : [#users=1] = call_function[target=aten::matmul](args = (%mul, %t), kwargs = {})\n"
            "    %t_1 : [#users=1] = call_function[target=aten::t](args = (%exp,), kwargs = {})\n"
            "    %matmul_3 : [#users=1] = call_function[target=aten::matmul](args = (%t_1, %mul), kwargs = {})\n"
            "    %mul_1 : [#users=1] = call_function[target=aten::mul.Tensor](args = (%matmul_2, %exp), kwargs = {})\n"
            "    %t_2 : [#users=1] = call_function[target=aten::t](args = (%x_1,), kwargs = {})\n"
            "    %matmul_4 : [#users=1] = call_function[target=aten::matmul](args = (%t_2, %mul_1), kwargs = {})\n"
            "    return (sum, matmul_4, matmul_3)\n");
}

// [joint_graph_replay]
TEST(ProxyTorchDispatchMode, TheJointGraphReplaysOnNewInputs) {
  const FxGraph graph = traceJoint(makeInputs(0))->graph();
  const Inputs fresh = makeInputs(0.125);
  const std::vector<Tensor> replayed = graph.run({fresh.x, fresh.w1, fresh.w2, fresh.g});
  // The model itself, on the same new inputs, with ordinary backward.
  const Tensor loss = smallModel(fresh.x, fresh.w1, fresh.w2);
  loss.backward(fresh.g);
  ASSERT_EQ(replayed.size(), 3u);
  EXPECT_EQ(values(replayed[0]), values(loss));
  EXPECT_EQ(values(replayed[1]), values(fresh.w1.grad()));
  EXPECT_EQ(values(replayed[2]), values(fresh.w2.grad()));
  EXPECT_NE(values(replayed[0]),
            values(traceJoint(makeInputs(0))
                       ->graph()
                       .run({makeInputs(0).x, makeInputs(0).w1, makeInputs(0).w2, makeInputs(0).g})[0]))
      << "new inputs, new loss: the graph computes, it does not remember";
}
// [joint_graph_replay]

TEST(ProxyTorchDispatchMode, DrawsTheGraphForGraphviz) {
  const std::string dot = traceJoint(makeInputs(0))->graph().toDot();
  EXPECT_EQ(dot.rfind("digraph fx_graph {", 0), 0u);
  EXPECT_NE(dot.find("\"x_1\" -> \"matmul\";"), std::string::npos);
  EXPECT_NE(dot.find("\"matmul_4\" -> \"output\";"), std::string::npos);
}

TEST(ProxyTorchDispatchMode, RunningWithTooFewInputsNamesThePlaceholder) {
  const FxGraph graph = traceJoint(makeInputs(0))->graph();
  EXPECT_EQ(errorOf([&] { (void)graph.run({makeInputs(0).x}); }),
            "FxGraph::run: placeholder 'w1_1' has no input: 1 given");
}

TEST(ProxyTorchDispatchMode, AGraphWithoutOutputCannotRun) {
  const auto tracer = std::make_shared<ProxyTorchDispatchMode>();
  EXPECT_EQ(errorOf([&] { (void)tracer->graph().run({}); }),
            "FxGraph::run: the graph has no output node; call ProxyTorchDispatchMode::output()");
}

/// Calls operator `schema` (defined for the test, no kernel: the mode
/// refuses before any kernel runs) under a ProxyTorchDispatchMode.
std::string errorTracing(const std::string& schema, IValue argument) {
  FunctionSchema parsed = parseSchema(schema);
  parsed.name = "proxytest::" + parsed.name;
  const RegistrationHandleRAII def = Dispatcher::singleton().registerDef(parsed, "registered at test");
  const auto tracer = std::make_shared<ProxyTorchDispatchMode>();
  const TorchDispatchModeGuard guard(tracer);
  Stack stack{std::move(argument)};
  return errorOf([&] { Dispatcher::singleton().findOp(parsed.name)->callBoxed(&stack); });
}

TEST(ProxyTorchDispatchMode, RefusesAnOperatorWithTwoResults) {
  EXPECT_EQ(errorTracing("two(Tensor x) -> (Tensor, Tensor)", IValue(fromValues({1}, {1}))),
            "ProxyTorchDispatchMode: proxytest::two returns 2 values; this tracer records operators with one result");
}

TEST(ProxyTorchDispatchMode, RefusesATensorListArgument) {
  EXPECT_EQ(errorTracing("cat(Tensor[] xs) -> Tensor", IValue(std::vector<Tensor>{fromValues({1}, {1})})),
            "ProxyTorchDispatchMode: proxytest::cat takes a Tensor[] ('xs'), which it cannot record");
}

TEST(GradCapture, RefusesATensorThatIsNoLeafRequiringGrad) {
  EXPECT_EQ(errorOf([] { GradCapture capture({fromValues({1}, {1})}); }),
            "GradCapture: input 0 must be a leaf that requires grad");
}

TEST(GradCapture, RefusesALeafWhoseAccumulateGradIsAlive) {
  const Tensor w = fromValues({1}, {1}, true);
  const Tensor y = exp(w);
  EXPECT_EQ(errorOf([&] { GradCapture capture({w}); }),
            "GradCapture: input 0 already has an AccumulateGrad in a live graph; capture before running the forward");
}

}  // namespace
}  // namespace mini
