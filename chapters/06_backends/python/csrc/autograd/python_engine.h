#pragma once
/// \file
/// \brief mini_torch._C._ImperativeEngine (python_engine.cpp).

#include <Python.h>

namespace mini::python {

/// Adds the _ImperativeEngine type to the module.
void initEngineBindings(PyObject* module);

}  // namespace mini::python
