#pragma once
// A probe for the kernels below an Autograd kernel. An Autograd kernel
// records the call once, then computes it under AutoDispatchBelowADInplaceOrView,
// which excludes the autograd keys for everything the kernels below call:
// whatever they compute with tensors that require grad must not be recorded
// a second time. A test registers a kernel on ADInplaceOrView, the first
// stop below autograd on the way down, that calls belowAutogradProbe() and
// passes the call on; the probe runs a differentiable operation and notes
// whether autograd recorded it.

#include "mini/aten/operators.h"

namespace mini_test {

struct BelowAutograd {
  bool reached = false;   // the probe ran
  bool recorded = false;  // and autograd recorded its operation
};

inline BelowAutograd& belowAutograd() {
  static BelowAutograd seen;
  return seen;
}

/// Called by a probe kernel: neg() of a tensor that requires grad, recorded
/// (a grad_fn) only where autograd is not excluded.
inline void belowAutogradProbe() {
  const mini::Tensor leaf = mini::fromValues({1}, {1}, true);
  belowAutograd() = {true, mini::neg(leaf).gradFn() != nullptr};
}

}  // namespace mini_test
