// The layers above and below autograd, composed in one call: vmap on the
// Batched key (the highest), chapter 04's Tracer on the Tracer key (above
// Autograd) and a dispatch mode on the Python key (below Autograd and
// ADInplaceOrView), in PyTorch 1.13's order.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "mini/aten/operators.h"
#include "mini/dispatch/dispatch_trace.h"
#include "mini/dispatch_modes/logging_mode.h"
#include "mini/fallbacks/tracer.h"
#include "mini/functorch/vmap.h"
#include "support/test_helpers.h"

namespace mini {
namespace {

// [tracer_and_mode]
TEST(LayersCompose, TheTracerRecordsTheForwardTheModeAlsoSeesBackward) {
  const Tensor x = fromValues({1, 2, 3, 4}, {2, 2});
  const Tensor w = fromValues({0.5, -1, 2, 0.25}, {2, 2}, true);
  const auto logging = std::make_shared<LoggingMode>();
  const TorchDispatchModeGuard mode(logging);
  Tensor loss;
  std::vector<std::string> traced;
  {
    // torch.jit.trace's way: trace the forward, run backward afterwards.
    const TracingScope tracing;
    loss = sum(exp(matmul(x, w)));
    traced = tracing.trace().lines();
  }
  loss.backward();
  EXPECT_EQ(traced, (std::vector<std::string>{
                        "%0 = input tensor([[1., 2.],\n        [3., 4.]], dtype=torch.float64)",
                        "%1 = input tensor([[ 0.5000, -1.0000],\n        [ 2.0000,  0.2500]], dtype=torch.float64, "
                        "requires_grad=True)",
                        "%2 = aten::matmul(%0, %1)",
                        "%3 = aten::exp(%2)",
                        "%4 = aten::sum(%3)",
                    }));
  // The mode saw the same three forward calls, each after autograd had
  // recorded it, then the four calls of the backward formulas.
  EXPECT_EQ(logging->str(),
            "$2 = aten::matmul($0, $1)\n"
            "$3 = aten::exp($2)\n"
            "$4 = aten::sum($3)\n"
            "$7 = aten::mul.Tensor($5, $6)\n"
            "$9 = aten::mul.Tensor($7, $8)\n"
            "$10 = aten::t($0)\n"
            "$11 = aten::matmul($10, $9)\n");
}
// [tracer_and_mode]

TEST(LayersCompose, TheTracerExcludesItselfButNotTheModeBelowIt) {
  // The Tracer's redispatch passes the call down with Tracer excluded: the
  // call goes on through Autograd to the mode, once.
  const auto logging = std::make_shared<LoggingMode>();
  const TorchDispatchModeGuard mode(logging);
  const TracingScope tracing;
  (void)neg(fromValues({1}, {1}));
  EXPECT_EQ(tracing.trace().lines().size(), 2u) << "an input line and the call";
  EXPECT_EQ(logging->lines().size(), 1u);
}

TEST(LayersCompose, BackwardInsideATraceIsTracedToo) {
  // As in 1.13, where tracing a function that calls backward records the
  // formulas' calls (and torch.jit.trace then refuses the saved tensors as
  // constants): the engine's calls are ordinary calls, the Tracer key is
  // in the thread's included set, so they reach it.
  const Tensor w = fromValues({1, 2}, {2}, true);
  const TracingScope tracing;
  sum(exp(w)).backward();
  const std::vector<std::string>& lines = tracing.trace().lines();
  const auto isBackwardsMul = [](const std::string& line) {
    return line.find("aten::mul.Tensor") != std::string::npos;
  };
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), isBackwardsMul)) << "ExpBackward0's product was traced";
}

TEST(LayersCompose, TheKeysAreInPyTorchsOrder) {
  // tests/data/pytorch-1.13-key-order.txt: 1.13's computed dispatch table
  // for an operator with a kernel on each key, lowest priority first.
  std::ifstream file(MINI_KEY_ORDER);
  ASSERT_TRUE(file) << MINI_KEY_ORDER;
  std::vector<DispatchKey> keys;
  for (std::string line; std::getline(file, line);) {
    if (!line.empty() && line[0] != '#') {
      keys.push_back(parseDispatchKey(line));
    }
  }
  ASSERT_EQ(keys.size(), 10u);
  EXPECT_EQ(keys.front(), DispatchKey::CPU);
  EXPECT_EQ(keys.back(), DispatchKey::Batched);
  for (std::size_t i = 1; i < keys.size(); ++i) {
    // A per-backend key (CPU, AutogradCPU) sits where its functionality does.
    EXPECT_LT(toFunctionalityKey(keys[i - 1]), toFunctionalityKey(keys[i]))
        << toString(keys[i - 1]) << " is below " << toString(keys[i]) << " in 1.13";
  }
}

// [vmap_tracer_mode]
TEST(LayersCompose, VmapLoopsAboveTheTracerWhichIsAboveAutogradAndTheMode) {
  const Tensor x = fromValues({1, 2, 3, 4}, {2, 2});
  const auto logging = std::make_shared<LoggingMode>();
  const TorchDispatchModeGuard mode(logging);
  const TracingScope tracing;
  testing::internal::CaptureStdout();
  {
    const ScopedDispatchTrace trace(true);
    (void)vmap([](const std::vector<Tensor>& in) { return std::vector{neg(in[0])}; }, {0})({x});
  }
  // Batched, the highest key, runs first and loops; each sample's call
  // then passes the Tracer (which records it), Autograd, the mode's
  // Python key, and reaches the CPU kernel.
  EXPECT_EQ(testing::internal::GetCapturedStdout(),
            "[call] op=[aten::neg], key=[Batched]\n"
            " [vmap: no batching rule, one call per sample] op=[aten::neg], key=[Batched]\n"
            "  [call] op=[aten::neg], key=[Tracer]\n"
            "   [redispatch] op=[aten::neg], key=[AutogradCPU]\n"
            "    [redispatch] op=[aten::neg], key=[Python]\n"
            "     [call] op=[aten::neg], key=[CPU]\n"
            "  [call] op=[aten::neg], key=[Tracer]\n"
            "   [redispatch] op=[aten::neg], key=[AutogradCPU]\n"
            "    [redispatch] op=[aten::neg], key=[Python]\n"
            "     [call] op=[aten::neg], key=[CPU]\n");
  EXPECT_EQ(tracing.trace().lines(), (std::vector<std::string>{
                                         "%0 = input tensor([1., 2.], dtype=torch.float64)",
                                         "%1 = aten::neg(%0)",
                                         "%2 = input tensor([3., 4.], dtype=torch.float64)",
                                         "%3 = aten::neg(%2)",
                                     }));
  EXPECT_EQ(logging->str(), "$1 = aten::neg($0)\n$3 = aten::neg($2)\n");
}
// [vmap_tracer_mode]

}  // namespace
}  // namespace mini
