// The layers above and below autograd, composed in one call: chapter 04's
// Tracer on the Tracer key (above Autograd) and a dispatch mode on the Python
// key (below Autograd and ADInplaceOrView).
#include <gtest/gtest.h>

#include <algorithm>

#include "mini/aten/aten.h"
#include "mini/dispatch_modes/logging_mode.h"
#include "mini/fallbacks/tracer.h"
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
  // recorded it, then backward's: the seed, the formulas' calls and the
  // leaf's clone.
  EXPECT_EQ(logging->str(),
            "$2 = aten::matmul($0, $1)\n"
            "$3 = aten::exp($2)\n"
            "$4 = aten::sum($3)\n"
            "$5 = aten::ones([], 3, cpu)\n"
            "$6 = aten::ones([2, 2], 3, cpu)\n"
            "$7 = aten::mul.Tensor($6, $5)\n"
            "$9 = aten::mul.Tensor($7, $8)\n"
            "$10 = aten::t($0)\n"
            "$11 = aten::matmul($10, $9)\n"
            "$12 = aten::clone($11)\n");
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

}  // namespace
}  // namespace mini
