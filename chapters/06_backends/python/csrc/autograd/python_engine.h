#pragma once
/// \file
/// \brief mini_torch._C._ImperativeEngine (python_engine.cpp).

#include <Python.h>

namespace mini::python {

/// Adds the _ImperativeEngine type to the module.
void initEngineBindings(PyObject* module);

/// backward() refused inside vmap, as 1.13's run_backward refuses it: the
/// check of torch.autograd.backward and of Tensor.backward.
void checkBackwardOutsideVmap();

}  // namespace mini::python
