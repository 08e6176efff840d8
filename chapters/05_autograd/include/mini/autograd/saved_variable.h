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
/// What is kept depends on `isOutput`, as in PyTorch: an input (or a leaf)
/// is kept as itself, since its grad_fn is an older node; the node's own
/// output is kept as a detached alias (same storage, no grad_fn), since the
/// tensor itself holds the node as its grad_fn and would make a reference
/// cycle that keeps the graph alive forever.
class SavedVariable {
 public:
  SavedVariable() = default;
  /// Saves `tensor` (undefined is allowed: nothing to check later).
  /// `isOutput`: the tensor is an output of the node that saves it.
  SavedVariable(const Tensor& tensor, bool isOutput);

  /// The saved tensor, after the version check. `savedBy` names the node
  /// that needs it, for the error message.
  Tensor unpack(const std::string& savedBy) const;

  /// Drops the tensor: the engine calls this (through
  /// Node::releaseVariables) once the node has run, unless the graph is
  /// retained. unpack() afterwards throws "Trying to backward through the
  /// graph a second time".
  void resetData();

 private:
  Tensor data_;
  std::uint32_t savedVersion_ = 0;
  std::uint32_t outputNr_ = 0;  ///< the output's number; 0 for a tensor kept as itself
  bool wasDefaultConstructed_ = true;
  bool savedOriginal_ = false;  ///< data_ is the tensor itself, with its current grad_fn
  bool isLeaf_ = false;
};
// [saved_variable]

/// PyTorch's ERR_BACKWARD_TWICE: what unpacking a freed tensor says.
extern const char* const kErrBackwardTwice;

}  // namespace ch05
}  // namespace mini
