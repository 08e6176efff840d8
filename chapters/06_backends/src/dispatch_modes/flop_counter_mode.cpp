#include "mini/dispatch_modes/flop_counter_mode.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "mini/autograd/engine.h"

namespace mini {
inline namespace ch06 {

namespace {

constexpr std::array<std::string_view, 18> kElementwise{
    "aten::add.Tensor",  "aten::sub.Tensor",  "aten::mul.Tensor",
    "aten::div.Tensor",  "aten::neg",         "aten::relu",
    "aten::exp",         "aten::sin",         "aten::cos",
    "aten::atan2",       "aten::add_.Tensor", "aten::sub_.Tensor",
    "aten::mul_.Tensor", "aten::div_.Tensor", "aten::neg_",
    "aten::relu_",       "aten::exp_",        "aten::threshold_backward",
};

bool isElementwise(const std::string& name) {
  return std::find(kElementwise.begin(), kElementwise.end(), name) != kElementwise.end();
}

std::int64_t numelOf(const IValue& value) { return value.toTensor().numel(); }

}  // namespace

// [flops_of]
std::optional<std::int64_t> flopsOf(const std::string& operatorName, const std::vector<IValue>& arguments,
                                    const std::vector<IValue>& results) {
  if (operatorName == "aten::matmul") {
    // Every output element is a dot product of length K, self's last size:
    // K multiplies and K adds. [M, K] @ [K, N] gives 2·M·K·N.
    const Tensor& self = arguments.at(0).toTensor();
    const std::int64_t contracted = self.dim() == 0 ? 1 : self.sizes().back();
    return 2 * numelOf(results.at(0)) * contracted;
  }
  if (isElementwise(operatorName)) {
    return numelOf(results.at(0));
  }
  if (operatorName.starts_with("aten::sum")) {
    return numelOf(arguments.at(0));
  }
  return std::nullopt;
}
// [flops_of]

void FlopCounterMode::torchDispatch(const OperatorHandle& op, Stack* stack) {
  const std::size_t numArguments = op.schema().arguments.size();
  // Copies of the argument handles: the call pops them off the stack.
  const std::vector<IValue> arguments(stack->end() - static_cast<std::ptrdiff_t>(numArguments), stack->end());
  callOperator(op, stack);
  const std::size_t numReturns = op.schema().returns.size();
  const std::vector<IValue> results(stack->end() - static_cast<std::ptrdiff_t>(numReturns), stack->end());
  if (const std::optional<std::int64_t> flops = flopsOf(op.operatorName(), arguments, results)) {
    (isExecutingBackward() ? backward_ : forward_)[op.operatorName()] += *flops;
  }
}

const std::map<std::string, std::int64_t>& FlopCounterMode::flopCounts(Phase phase) const {
  return phase == Phase::Forward ? forward_ : backward_;
}

std::int64_t FlopCounterMode::totalFlops(Phase phase) const {
  const auto& counts = flopCounts(phase);
  return std::accumulate(counts.begin(), counts.end(), std::int64_t{0},
                         [](std::int64_t sum, const auto& entry) { return sum + entry.second; });
}

std::string FlopCounterMode::table() const {
  std::string out = fmt::format("{:<28} {:<9} {:>8}\n", "operator", "phase", "FLOPs");
  for (const Phase phase : {Phase::Forward, Phase::Backward}) {
    const char* phaseName = phase == Phase::Forward ? "forward" : "backward";
    for (const auto& [name, flops] : flopCounts(phase)) {
      out += fmt::format("{:<28} {:<9} {:>8}\n", name, phaseName, flops);
    }
  }
  out += fmt::format("{:<28} {:<9} {:>8}\n", "total", "forward", totalFlops(Phase::Forward));
  out += fmt::format("{:<28} {:<9} {:>8}\n", "total", "backward", totalFlops(Phase::Backward));
  out += fmt::format("{:<28} {:<9} {:>8}\n", "total", "both", totalFlops());
  return out;
}

}  // namespace ch06
}  // namespace mini
