#pragma once
/// \file
/// \brief The Python tensor: a PyObject that holds a mini::Tensor, as
///        torch/csrc/autograd/python_variable.h's THPVariable does.
///
/// The C type is mini_torch._C._TensorBase; mini_torch.Tensor is a Python
/// class derived from it (mini_torch/_tensor.py), and every tensor the
/// bindings return is made of the class _C._initExtension was given.

#include <Python.h>

#include "mini/core/tensor.h"

namespace mini::python {

struct THPVariable {
  PyObject_HEAD Tensor cdata;
};

extern PyTypeObject THPVariableType;
/// mini_torch.Tensor once _initExtension has run, _TensorBase before.
extern PyObject* THPVariableClass;

bool THPVariable_Check(PyObject* obj);
inline const Tensor& THPVariable_Unpack(PyObject* obj) { return reinterpret_cast<THPVariable*>(obj)->cdata; }
/// A new reference to a Python tensor for `tensor` (None when undefined).
PyObject* THPVariable_Wrap(Tensor tensor);
/// A tensor of `type` (a subclass of _TensorBase) for `tensor`.
PyObject* THPVariable_NewWithType(PyTypeObject* type, Tensor tensor);
/// _make_wrapper_subclass(cls, size, *, dtype=None, requires_grad=False):
/// an instance of `cls` whose tensor has a shape and a dtype but no data (a
/// meta tensor) and the Python key, so that every operator on it reaches
/// cls.__torch_dispatch__ (python_dispatch.cpp).
PyObject* THPVariable_make_wrapper_subclass(PyObject* module, PyObject* args, PyObject* kwargs);
/// The Python object of a wrapper subclass's tensor (borrowed), nullptr for
/// any other tensor. PyTorch keeps it in the TensorImpl; here a table does.
PyObject* THPVariable_wrapperObject(const TensorImpl* impl);
/// Adds _TensorBase to the module, its methods the manual ones and the
/// generated ones (python_variable_methods.cpp) together.
void initTensorBase(PyObject* module);

/// The generated methods, null-terminated (python_variable_methods.cpp).
PyMethodDef* generated_variable_methods();
/// The generated functions of mini_torch (python_torch_functions.cpp).
PyMethodDef* generated_torch_functions();

}  // namespace mini::python
