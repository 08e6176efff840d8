#pragma once
/// \file
/// \brief A logging mode: one line per operator call that reaches it.
///
/// PyTorch's tests use one (LoggingTensorMode in
/// torch/testing/_internal/logging_tensor.py): `$2 = aten.mm.default($0, $1)`.
/// It sits on the Python key, below autograd, so it logs what runs: the
/// forward's calls, then the calls autograd's backward formulas make.

#include <string>
#include <vector>

#include "mini/dispatch_modes/torch_dispatch_mode.h"

namespace mini {
inline namespace ch05 {

class LoggingMode : public TorchDispatchMode {
 public:
  std::string name() const override { return "LoggingMode"; }
  void torchDispatch(const OperatorHandle& op, Stack* stack) override;

  const std::vector<std::string>& lines() const { return lines_; }
  /// The lines, one per line of text.
  std::string str() const;

 private:
  std::string describe(const IValue& value);

  // Held, not remembered by address: a freed tensor's address may be
  // reused by a new one, which must not inherit an old name.
  std::vector<Tensor> named_;
  std::vector<std::string> lines_;
};

}  // namespace ch05
}  // namespace mini
