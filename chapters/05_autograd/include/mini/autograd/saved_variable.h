#pragma once
/// \file
/// \brief A tensor a backward formula needs, saved with the version it had.

#include <cstdint>
#include <string>

#include "mini/core/tensor.h"

namespace mini {
inline namespace ch05 {

// [saved_variable]
/// mul's backward needs both inputs; exp's needs its result. The autograd
/// kernel saves them here at forward time. If an in-place operator writes
/// to one before backward, the formula would silently use the wrong numbers,
/// so unpack() compares the storage's version with the one saved and throws
/// PyTorch's "modified by an inplace operation" error instead.
///
/// What is kept is a detached alias (same storage, no grad_fn): saving a
/// result in its own grad_fn must not make a reference cycle.
class SavedVariable {
 public:
  SavedVariable() = default;
  /// Saves `tensor` (undefined is allowed: nothing to check later).
  explicit SavedVariable(const Tensor& tensor);

  /// The saved tensor, after the version check. `savedBy` names the node
  /// that needs it, for the error message.
  Tensor unpack(const std::string& savedBy) const;

 private:
  Tensor data_;
  std::uint32_t savedVersion_ = 0;
  std::string producerName_;  ///< grad_fn of the tensor when saved ("" for a leaf)
  std::uint32_t outputNr_ = 0;
};
// [saved_variable]

}  // namespace ch05
}  // namespace mini
