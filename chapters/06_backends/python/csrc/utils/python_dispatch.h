#pragma once
/// \file
/// \brief The dispatcher's Python API, as torch/csrc/utils/python_dispatch.cpp
///        gives torch.ops and torch.library theirs: an operator called boxed
///        by name, its schema, a Library that defines operators and
///        registers Python functions as kernels, and Python dispatch modes
///        on the C++ mode stack.

#include <Python.h>

namespace mini::python {

/// Adds _dispatch_call_boxed, _dispatch_schema, _dispatch_overload_names,
/// _DispatchLibrary, _set_op_overload_factory, _push_python_mode and
/// _pop_python_mode to the module.
void initDispatchBindings(PyObject* module);

}  // namespace mini::python
