#pragma once
/// \file
/// \brief The functions of torch/csrc/autograd/init.cpp that mini_torch._C
///        has, as torch/csrc/autograd/python_autograd.h declares them.

#include <Python.h>

namespace mini::python::autograd {

/// The autocast state of the calling thread, from Python
/// (is_autocast_enabled, set_autocast_cpu_dtype, autocast_increment_nesting,
/// ...): the table Module.cpp adds to _C, as 1.13's initModule adds
/// torch::autograd::python_functions().
PyMethodDef* python_functions();

}  // namespace mini::python::autograd
