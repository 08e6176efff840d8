#pragma once
/// \file
/// \brief A FLOP counter: a dispatch mode that adds up, per operator, the
///        floating-point operations each call does, forward and backward apart.
///
/// PyTorch 1.13 ships no FLOP counter (torch.utils.flop_counter came with
/// 2.1; fvcore's counts traced graphs). The formulas here are:
/// - matmul: 2·M·K·N, one multiply and one add per multiply-accumulate, as
///   torch.utils.flop_counter's mm_flop (fvcore counts M·K·N, one per MAC);
///   for every shape, 2 × the output's elements × the contracted size K;
/// - elementwise operators (add, sub, mul, div, neg, relu, exp, sin, cos,
///   threshold_backward and their in-place forms): one per output element,
///   as fvcore's elementwise_flop_counter(0, 1);
/// - sum: one per input element, as fvcore's elementwise_flop_counter(1, 0).
/// Every other operator (views, copies, factories) counts nothing and is not
/// listed, as in both.

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "mini/dispatch_modes/torch_dispatch_mode.h"

namespace mini {
inline namespace ch06 {

/// The FLOPs of one call of `op` with the arguments and results given, or
/// nothing for an operator without a formula.
std::optional<std::int64_t> flopsOf(const std::string& operatorName, const std::vector<IValue>& arguments,
                                    const std::vector<IValue>& results);

class FlopCounterMode : public TorchDispatchMode {
 public:
  enum class Phase { Forward, Backward };

  std::string name() const override { return "FlopCounterMode"; }
  void torchDispatch(const OperatorHandle& op, Stack* stack) override;

  /// FLOPs per operator name, of one phase.
  const std::map<std::string, std::int64_t>& flopCounts(Phase phase) const;
  std::int64_t totalFlops(Phase phase) const;
  std::int64_t totalFlops() const { return totalFlops(Phase::Forward) + totalFlops(Phase::Backward); }
  /// A table: one row per operator and phase, then the totals.
  std::string table() const;

 private:
  std::map<std::string, std::int64_t> forward_;
  std::map<std::string, std::int64_t> backward_;
};

}  // namespace ch06
}  // namespace mini
