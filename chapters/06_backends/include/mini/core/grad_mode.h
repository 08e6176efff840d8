#pragma once
/// \file
/// \brief Whether autograd records operations on this thread, and the guard
///        that turns recording off for a scope.

namespace mini {
inline namespace ch06 {

// [grad_mode]
/// Thread-local switch read by every autograd kernel. With it off, an
/// operator on tensors that require grad still runs its autograd kernel (the
/// key is still in the tensor's set) but records nothing: the result has no
/// grad_fn and does not require grad. The engine turns it off while it runs
/// backward formulas, and an optimizer step turns it off to update weights.
class GradMode {
 public:
  static bool isEnabled();
  static void setEnabled(bool enabled);
};

/// `torch.no_grad()`: grad mode off until the guard ends, then back to what
/// it was (guards nest).
class NoGradGuard {
 public:
  NoGradGuard() : previous_(GradMode::isEnabled()) { GradMode::setEnabled(false); }
  ~NoGradGuard() { GradMode::setEnabled(previous_); }
  NoGradGuard(const NoGradGuard&) = delete;
  NoGradGuard& operator=(const NoGradGuard&) = delete;

 private:
  bool previous_;
};
// [grad_mode]

}  // namespace ch06
}  // namespace mini
