// The backend fallbacks libtorch 1.13 installs on our keys, registered the
// way PyTorch does it (aten/src/ATen/core/VariableFallbackKernel.cpp and its
// neighbours): a MINI_LIBRARY_IMPL block for namespace `_` per key.
//
// A fallthrough fallback says "no operator has anything to do on this key
// unless it registers a kernel here". Every call carries BackendSelect and
// ADInplaceOrView (the thread's default included set) and every CPU tensor
// AutogradCPU and AutocastCPU; without these, an operator with only a CPU
// kernel could not be called at all.
//
// Not every autograd key gets one: AutogradMeta and AutogradPrivateUse1 have
// none in 1.13, so an operator with a Meta kernel and no autograd support
// fails in autograd mode ("... from the 'AutogradMeta' backend"). FPGA and
// the backend keys get none either: a missing backend kernel is an error.
#include "mini/op_registration/library.h"

// [global_fallbacks]
MINI_LIBRARY_IMPL(_, BackendSelect, m) { m.fallback(mini::KernelFunction::makeFallthrough()); }
MINI_LIBRARY_IMPL(_, ADInplaceOrView, m) { m.fallback(mini::KernelFunction::makeFallthrough()); }
MINI_LIBRARY_IMPL(_, AutogradOther, m) { m.fallback(mini::KernelFunction::makeFallthrough()); }
MINI_LIBRARY_IMPL(_, AutogradCPU, m) { m.fallback(mini::KernelFunction::makeFallthrough()); }
MINI_LIBRARY_IMPL(_, AutogradCUDA, m) { m.fallback(mini::KernelFunction::makeFallthrough()); }
MINI_LIBRARY_IMPL(_, AutocastCPU, m) { m.fallback(mini::KernelFunction::makeFallthrough()); }
MINI_LIBRARY_IMPL(_, AutocastCUDA, m) { m.fallback(mini::KernelFunction::makeFallthrough()); }
// [global_fallbacks]
