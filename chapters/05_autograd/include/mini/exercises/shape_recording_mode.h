#pragma once
/// \file
/// \brief Exercise 05.6: a dispatch mode that records the shapes of every call.

#include <string>
#include <vector>

#include "mini/dispatch_modes/torch_dispatch_mode.h"

namespace mini {
inline namespace ch05 {

/// Exercise 05.6 (exercises/shape_recording_mode.cpp): a mode that writes
/// one line per call that reaches it, the operator with the sizes of its
/// tensor arguments (other arguments as they print) and of its result:
/// `aten::matmul([2, 3], [3, 4]) -> [2, 4]`, `aten::view([2, 3], [6]) -> [6]`.
/// The call itself must still happen: the caller gets the operator's result.
class ShapeRecordingMode : public TorchDispatchMode {
 public:
  std::string name() const override { return "ShapeRecordingMode"; }
  void torchDispatch(const OperatorHandle& op, Stack* stack) override;

  const std::vector<std::string>& calls() const { return calls_; }

 private:
  std::vector<std::string> calls_;
};

}  // namespace ch05
}  // namespace mini
