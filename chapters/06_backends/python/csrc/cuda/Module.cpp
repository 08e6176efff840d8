/// \file
/// \brief torch._C._cuda_getDeviceCount (torch/csrc/cuda/Module.cpp): what
///        torch.cuda.is_available() and torch.autocast('cuda') ask.

#include "csrc/cuda/Module.h"

#include "csrc/Exceptions.h"
#include "mini/native/cuda/cuda_kernels.h"

namespace mini::python::cuda {
namespace {

// 0 on a machine without a device or a driver rather than an error, as
// 1.13's (which also warns "CUDA initialization: ..."; the course keeps
// the reason in cudaAvailability().reason).
PyObject* THCPModule_getDeviceCount_wrap(PyObject* /*unused*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyLong_FromLong(cudaAvailability().devices);
  END_HANDLE_TH_ERRORS
}

PyMethodDef methods[] = {
    {"_cuda_getDeviceCount", THCPModule_getDeviceCount_wrap, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void initModule(PyObject* module) {
  if (builtWithCuda()) {
    PyModule_AddFunctions(module, methods);
  }
}

}  // namespace mini::python::cuda
