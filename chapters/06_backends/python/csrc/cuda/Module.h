#pragma once
/// \file
/// \brief What torch/csrc/cuda/Module.cpp gives torch._C that mini_torch
///        needs: the number of CUDA devices.

#include <Python.h>

namespace mini::python::cuda {

/// Adds _cuda_getDeviceCount to the module, in a build with CUDA only: as in
/// 1.13, whose torch.cuda asks `hasattr(torch._C, '_cuda_getDeviceCount')`
/// to learn whether it was compiled with CUDA at all.
void initModule(PyObject* module);

}  // namespace mini::python::cuda
