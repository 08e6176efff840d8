// rsub, as 1.13's aten/src/ATen/native/BinaryOps.cpp has it: not a loop of
// its own but sub with its two tensors swapped. Both kernels run below
// autograd (the Autograd kernel has recorded RsubBackward0 or RsubBackward1
// and excluded the autograd keys), so the sub they call records nothing:
// the graph shows rsub, as 1.13's does. 1.13's comment on that call says
// "redispatch!": it goes through the dispatcher again.
#include "mini/aten/aten.h"
#include "mini/aten/scalar_ops.h"
#include "mini/core/tensor.h"

namespace mini {
inline namespace ch06 {

// rsub.Tensor: other - alpha * self (CPU and CUDA). Both of 1.13's kernels
// are at::native::rsub; here a kernel's name may not be its operator's (the
// public function mini::rsub has the same signature), as cloneComposite.
Tensor rsubKernel(const Tensor& self, const Tensor& other, const Scalar& alpha) { return sub(other, self, alpha); }

// rsub.Scalar (CompositeExplicitAutograd): 1.13 calls native::rsub, the
// kernel above, directly; here as there, no second dispatch of rsub.
Tensor rsubScalarComposite(const Tensor& self, const Scalar& other, const Scalar& alpha) {
  return rsubKernel(self, wrappedScalarTensor(other), alpha);
}

}  // namespace ch06
}  // namespace mini
