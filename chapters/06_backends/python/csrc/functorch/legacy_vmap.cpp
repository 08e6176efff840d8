/// \file
/// \brief The four functions 1.13's Python vmap (torch/_vmap_internals.py)
///        calls: torch._C._vmapmode_increment_nesting and
///        _vmapmode_decrement_nesting (torch/csrc/Module.cpp), and the
///        operators torch._add_batch_dim and torch._remove_batch_dim. Here
///        they are chapter 06's vmap steps (mini/functorch/vmap.h), so the
///        Python vmap of mini_torch/_vmap_internals.py reaches the same
///        Batched key and batching rules as the C++ one.

#include "csrc/functorch/legacy_vmap.h"

#include <Python.h>

#include "csrc/Exceptions.h"
#include "csrc/python_variable.h"
#include "mini/functorch/vmap.h"

namespace mini::python {
namespace {

PyObject* THPModule_vmapmode_increment_nesting(PyObject* /*module*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyLong_FromLongLong(vmapIncrementNesting());
  END_HANDLE_TH_ERRORS
}

PyObject* THPModule_vmapmode_decrement_nesting(PyObject* /*module*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyLong_FromLongLong(vmapDecrementNesting());
  END_HANDLE_TH_ERRORS
}

/// _add_batch_dim(self, batch_dim, level)
PyObject* THPModule_add_batch_dim(PyObject* /*module*/, PyObject* args) {
  HANDLE_TH_ERRORS
  PyObject* self = nullptr;
  long long batch_dim = 0;
  long long level = 0;
  if (!PyArg_ParseTuple(args, "O!LL:_add_batch_dim", &THPVariableType, &self, &batch_dim, &level)) {
    return nullptr;
  }
  return THPVariable_Wrap(addBatchDim(THPVariable_Unpack(self), batch_dim, level));
  END_HANDLE_TH_ERRORS
}

/// _remove_batch_dim(self, level, batch_size, out_dim)
PyObject* THPModule_remove_batch_dim(PyObject* /*module*/, PyObject* args) {
  HANDLE_TH_ERRORS
  PyObject* self = nullptr;
  long long level = 0;
  long long batch_size = 0;
  long long out_dim = 0;
  if (!PyArg_ParseTuple(args, "O!LLL:_remove_batch_dim", &THPVariableType, &self, &level, &batch_size, &out_dim)) {
    return nullptr;
  }
  return THPVariable_Wrap(removeBatchDim(THPVariable_Unpack(self), level, batch_size, out_dim));
  END_HANDLE_TH_ERRORS
}

PyMethodDef legacy_vmap_methods[] = {
    {"_vmapmode_increment_nesting", THPModule_vmapmode_increment_nesting, METH_NOARGS, nullptr},
    {"_vmapmode_decrement_nesting", THPModule_vmapmode_decrement_nesting, METH_NOARGS, nullptr},
    {"_add_batch_dim", THPModule_add_batch_dim, METH_VARARGS, nullptr},
    {"_remove_batch_dim", THPModule_remove_batch_dim, METH_VARARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void initLegacyVmapBindings(PyObject* module) { PyModule_AddFunctions(module, legacy_vmap_methods); }

}  // namespace mini::python
