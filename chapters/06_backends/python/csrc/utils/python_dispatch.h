#pragma once
/// \file
/// \brief The dispatcher's Python API, as torch/csrc/utils/python_dispatch.cpp
///        gives torch.ops and torch.library theirs: an operator called boxed
///        by name, its schema, a Library that defines operators and
///        registers Python functions as kernels, and Python dispatch modes
///        on the C++ mode stack.

#include <Python.h>

#include "mini/boxing/kernel_function.h"

namespace mini::python {

/// A kernel that calls the Python callable `function` with the operator's
/// arguments (Library.impl's, and _DispatchModule.impl's): 1.13's PythonKernelHolder.
KernelFunction makePythonKernel(PyObject* function);

/// _dispatch_library and the _DispatchModule it returns (python_dispatch_module.cpp).
void initDispatchModuleBindings(PyObject* module);
/// _dispatch_dump, _dispatch_dump_table, the invariants, the registrations
/// per key, _dispatch_keys and the thread's key sets (python_dispatch_introspection.cpp).
void initDispatchIntrospectionBindings(PyObject* module);

/// Adds _dispatch_call_boxed, _dispatch_schema, _dispatch_overload_names,
/// _DispatchLibrary, _set_op_overload_factory, _push_python_mode and
/// _pop_python_mode to the module.
void initDispatchBindings(PyObject* module);

}  // namespace mini::python
