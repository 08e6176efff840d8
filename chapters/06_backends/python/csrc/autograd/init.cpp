/// \file
/// \brief torch._C's autocast functions, as torch/csrc/autograd/init.cpp
///        binds them in 1.13: thin wrappers of mini::autocast
///        (mini/autocast/autocast_mode.h) that check their argument's
///        Python type first, in 1.13's words. torch.autocast's __enter__ and
///        __exit__ (mini_torch/amp/autocast_mode.py) are written on them.
///
/// Every function is about the calling thread only: the state is
/// thread-local in C++, as in 1.13.

#include "csrc/autograd/python_autograd.h"

#include <fmt/format.h>

#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "mini/autocast/autocast_mode.h"

namespace mini::python::autograd {
namespace {

// 1.13 checks with PyBool_Check, so 1 and None are refused, not read as truth values.
void checkBool(PyObject* arg) {
  if (!PyBool_Check(arg)) {
    throw TypeError(fmt::format("enabled must be a bool (got {})", Py_TYPE(arg)->tp_name));
  }
}

ScalarType checkDtype(PyObject* arg) {
  if (!THPDtype_Check(arg)) {
    throw TypeError(fmt::format("dtype must be a torch.dtype (got {})", Py_TYPE(arg)->tp_name));
  }
  return reinterpret_cast<THPDtype*>(arg)->scalar_type;
}

PyObject* wrapDtype(ScalarType type) {
  PyObject* dtype = getTHPDtype(type);
  Py_INCREF(dtype);
  return dtype;
}

PyObject* set_autocast_enabled(PyObject* /*unused*/, PyObject* arg) {
  HANDLE_TH_ERRORS
  checkBool(arg);
  autocast::set_enabled(arg == Py_True);
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyObject* is_autocast_enabled(PyObject* /*unused*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyBool_FromLong(autocast::is_enabled());
  END_HANDLE_TH_ERRORS
}

PyObject* set_autocast_cpu_enabled(PyObject* /*unused*/, PyObject* arg) {
  HANDLE_TH_ERRORS
  checkBool(arg);
  autocast::set_cpu_enabled(arg == Py_True);
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyObject* is_autocast_cpu_enabled(PyObject* /*unused*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyBool_FromLong(autocast::is_cpu_enabled());
  END_HANDLE_TH_ERRORS
}

// Any dtype is taken for CUDA (1.13 does not check it here); the CPU's
// setter refuses all but bfloat16, in C++ (autocast_mode.cpp).
PyObject* set_autocast_gpu_dtype(PyObject* /*unused*/, PyObject* arg) {
  HANDLE_TH_ERRORS
  autocast::set_autocast_gpu_dtype(checkDtype(arg));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyObject* set_autocast_cpu_dtype(PyObject* /*unused*/, PyObject* arg) {
  HANDLE_TH_ERRORS
  autocast::set_autocast_cpu_dtype(checkDtype(arg));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyObject* get_autocast_gpu_dtype(PyObject* /*unused*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return wrapDtype(autocast::get_autocast_gpu_dtype());
  END_HANDLE_TH_ERRORS
}

PyObject* get_autocast_cpu_dtype(PyObject* /*unused*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return wrapDtype(autocast::get_autocast_cpu_dtype());
  END_HANDLE_TH_ERRORS
}

PyObject* clear_autocast_cache(PyObject* /*unused*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  autocast::clear_cache();
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

// The count is not checked: 1.13 decrements below zero (to -1) as well.
PyObject* autocast_increment_nesting(PyObject* /*unused*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyLong_FromLong(autocast::increment_nesting());
  END_HANDLE_TH_ERRORS
}

PyObject* autocast_decrement_nesting(PyObject* /*unused*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyLong_FromLong(autocast::decrement_nesting());
  END_HANDLE_TH_ERRORS
}

PyObject* is_autocast_cache_enabled(PyObject* /*unused*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyBool_FromLong(autocast::is_autocast_cache_enabled());
  END_HANDLE_TH_ERRORS
}

PyObject* set_autocast_cache_enabled(PyObject* /*unused*/, PyObject* arg) {
  HANDLE_TH_ERRORS
  checkBool(arg);
  autocast::set_autocast_cache_enabled(arg == Py_True);
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

// METH_NOARGS and METH_O as in 1.13, so that a wrong number of arguments is
// CPython's own TypeError ("takes no arguments (1 given)").
PyMethodDef methods[] = {
    {"set_autocast_enabled", set_autocast_enabled, METH_O, nullptr},
    {"is_autocast_enabled", is_autocast_enabled, METH_NOARGS, nullptr},
    {"clear_autocast_cache", clear_autocast_cache, METH_NOARGS, nullptr},
    {"set_autocast_cpu_enabled", set_autocast_cpu_enabled, METH_O, nullptr},
    {"is_autocast_cpu_enabled", is_autocast_cpu_enabled, METH_NOARGS, nullptr},
    {"set_autocast_cpu_dtype", set_autocast_cpu_dtype, METH_O, nullptr},
    {"get_autocast_cpu_dtype", get_autocast_cpu_dtype, METH_NOARGS, nullptr},
    {"set_autocast_gpu_dtype", set_autocast_gpu_dtype, METH_O, nullptr},
    {"get_autocast_gpu_dtype", get_autocast_gpu_dtype, METH_NOARGS, nullptr},
    {"autocast_increment_nesting", autocast_increment_nesting, METH_NOARGS, nullptr},
    {"autocast_decrement_nesting", autocast_decrement_nesting, METH_NOARGS, nullptr},
    {"is_autocast_cache_enabled", is_autocast_cache_enabled, METH_NOARGS, nullptr},
    {"set_autocast_cache_enabled", set_autocast_cache_enabled, METH_O, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

PyMethodDef* python_functions() { return methods; }

}  // namespace mini::python::autograd
