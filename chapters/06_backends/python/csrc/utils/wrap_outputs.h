#pragma once
/// \file
/// \brief What a generated binding returns and how it lets go of the GIL:
///        torch/csrc/autograd/utils/wrap_outputs.h's wrap() and pybind11's
///        gil_scoped_release, without pybind11.

#include <Python.h>

#include "csrc/python_variable.h"

namespace mini::python {

/// The result as a Python tensor.
inline PyObject* wrap(Tensor tensor) { return THPVariable_Wrap(std::move(tensor)); }

/// A method's result: `self_` itself when the operator returned self (a.add_(b)
/// is a), as PyTorch's one Python object per tensor gives.
inline PyObject* wrap(Tensor tensor, PyObject* self_) {
  if (THPVariable_Check(self_) && tensor.is_same(THPVariable_Unpack(self_))) {
    Py_INCREF(self_);
    return self_;
  }
  return THPVariable_Wrap(std::move(tensor));
}

/// Releases the GIL for its scope: the dispatcher and the kernels run
/// without it; a Python kernel or mode takes it again (PyGILState_Ensure).
class gil_scoped_release {
 public:
  gil_scoped_release() : state_(PyEval_SaveThread()) {}
  ~gil_scoped_release() { PyEval_RestoreThread(state_); }
  gil_scoped_release(const gil_scoped_release&) = delete;
  gil_scoped_release& operator=(const gil_scoped_release&) = delete;

 private:
  PyThreadState* state_;
};

}  // namespace mini::python
