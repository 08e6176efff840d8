/// \file
/// \brief mini_torch._C, the extension module: torch/csrc/Module.cpp's
///        initModule. It adds the C types (_TensorBase, dtype, device), the
///        generated functions as _C._VariableFunctions, grad mode, autocast's
///        state (autograd/init.cpp), and the dispatcher's Python API
///        (utils/python_dispatch.cpp).

#include <Python.h>

#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_autograd.h"
#include "csrc/autograd/python_engine.h"
#include "csrc/cuda/Module.h"
#include "csrc/functorch/legacy_vmap.h"
#include "csrc/python_variable.h"
#include "csrc/utils/python_dispatch.h"
#include "csrc/utils/tensor_new.h"
#include "mini/core/grad_mode.h"

namespace mini::python {

namespace {

/// _initExtension(Tensor): the class every returned tensor is made of,
/// mini_torch.Tensor, known once mini_torch/__init__.py has defined it.
PyObject* THPModule_initExtension(PyObject* /*module*/, PyObject* tensor_class) {
  if (!PyType_Check(tensor_class) ||
      !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(tensor_class), &THPVariableType)) {
    PyErr_SetString(PyExc_TypeError, "_initExtension expects a subclass of _TensorBase");
    return nullptr;
  }
  Py_INCREF(tensor_class);
  Py_XSETREF(THPVariableClass, tensor_class);
  Py_RETURN_NONE;
}

PyObject* THPModule_isGradEnabled(PyObject* /*module*/, PyObject* /*unused*/) {
  return PyBool_FromLong(GradMode::isEnabled());
}

PyObject* THPModule_setGradEnabled(PyObject* /*module*/, PyObject* enabled) {
  if (!PyBool_Check(enabled)) {
    PyErr_SetString(PyExc_TypeError, "_set_grad_enabled takes a bool");
    return nullptr;
  }
  GradMode::setEnabled(enabled == Py_True);
  Py_RETURN_NONE;
}

PyMethodDef module_methods[] = {
    {"_initExtension", THPModule_initExtension, METH_O, nullptr},
    {"is_grad_enabled", THPModule_isGradEnabled, METH_NOARGS, nullptr},
    {"_set_grad_enabled", THPModule_setGradEnabled, METH_O, nullptr},
    {"_make_wrapper_subclass",
     reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(THPVariable_make_wrapper_subclass)),
     METH_VARARGS | METH_KEYWORDS, nullptr},
    {"tensor", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(THPVariable_tensor)),
     METH_VARARGS | METH_KEYWORDS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module_def = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "mini_torch._C",
    .m_doc = "Chapter 06's dispatcher, from Python.",
    .m_size = -1,
    .m_methods = module_methods,
};

}  // namespace
}  // namespace mini::python

PyMODINIT_FUNC PyInit__C() {
  using namespace mini::python;
  PyObject* module = PyModule_Create(&module_def);
  if (module == nullptr) {
    return nullptr;
  }
  initDtypes(module);
  initDevice(module);
  initTensorBase(module);
  // mini_torch.add and the others, copied into mini_torch by its __init__.py,
  // as torch's are from torch._C._VariableFunctions.
  PyObject* functions = PyModule_New("mini_torch._C._VariableFunctions");
  if (functions == nullptr || PyModule_AddFunctions(functions, generated_torch_functions()) < 0 ||
      PyModule_AddObject(module, "_VariableFunctions", functions) < 0) {
    Py_XDECREF(functions);
    Py_DECREF(module);
    return nullptr;
  }
  if (PyModule_AddFunctions(module, autograd::python_functions()) < 0) {
    Py_DECREF(module);
    return nullptr;
  }
  cuda::initModule(module);
  initDispatchBindings(module);
  initDispatchModuleBindings(module);
  initDispatchIntrospectionBindings(module);
  initEngineBindings(module);
  initLegacyVmapBindings(module);
  PyWarningHandler::install();
  if (PyErr_Occurred()) {
    Py_DECREF(module);
    return nullptr;
  }
  return module;
}
