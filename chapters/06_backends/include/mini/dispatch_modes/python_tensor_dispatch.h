#pragma once
/// \file
/// \brief The Python key's other client: a tensor subclass written in Python
///        (PyTorch's `__torch_dispatch__` on a `_make_wrapper_subclass`
///        tensor), reached through a hook the Python module sets.
///
/// The Python key's fallback serves the dispatch modes first, as 1.13's
/// pythonFallback does; with no mode on the thread's stack, a call that
/// reached the key did so because a tensor argument carries it, and the
/// fallback hands the call to this hook. The chapter's programs have no
/// Python and leave it unset; mini_torch (python/) sets it when it loads.

#include "mini/dispatch/dispatcher.h"

namespace mini {
inline namespace ch06 {

/// Runs the call's tensor subclass's `__torch_dispatch__`: the arguments on
/// `stack` in schema order in, the results out, as a boxed kernel.
using PythonTensorDispatchHook = void (*)(const OperatorHandle& op, Stack* stack);

/// Sets the hook (nullptr unsets it): mini_torch's module does, once, as it loads.
void setPythonTensorDispatchHook(PythonTensorDispatchHook hook);

}  // namespace ch06
}  // namespace mini
