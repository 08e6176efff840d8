#pragma once
/// \file
/// \brief mini_torch.tensor(data): a tensor from Python numbers and nested
///        lists, as torch/csrc/utils/tensor_new.cpp's tensor_ctor makes one.

#include <Python.h>

namespace mini::python {

/// tensor(data, *, dtype=None, device=None, requires_grad=False).
PyObject* THPVariable_tensor(PyObject* self, PyObject* args, PyObject* kwargs);

}  // namespace mini::python
