/// \file
/// \brief mini_torch._C._ImperativeEngine: the engine's door from Python,
///        torch/csrc/autograd/python_engine.cpp's THPEngine. Its one method,
///        run_backward, is what torch.autograd.grad and
///        torch.autograd.backward (mini_torch/autograd/__init__.py) call.

#include "csrc/autograd/python_engine.h"

#include <Python.h>

#include <fmt/format.h>

#include <vector>

#include "csrc/Exceptions.h"
#include "csrc/python_variable.h"
#include "mini/autograd/engine.h"
#include "mini/functorch/vmap.h"

namespace mini::python {
namespace {

/// Tensor, or Tensor? for None, out of element `i` of a tuple.
Tensor tupleTensor(PyObject* tuple, Py_ssize_t i, bool noneAllowed, const char* what) {
  PyObject* item = PyTuple_GET_ITEM(tuple, i);
  if (THPVariable_Check(item)) {
    return THPVariable_Unpack(item);
  }
  if (noneAllowed && item == Py_None) {
    return {};
  }
  throw std::runtime_error(
      fmt::format("element {} of {} tuple is not a Tensor{}", i, what, noneAllowed ? " or None" : ""));
}

/// run_backward(tensors, grad_tensors, keep_graph, create_graph, inputs=None,
/// allow_unreachable=False, accumulate_grad=False), with 1.13's arguments.
/// accumulate_grad is backward(): every leaf the graph reaches gets its
/// .grad; otherwise (grad()) the gradients of `inputs` are returned.
PyObject* THPEngine_run_backward(PyObject* /*self*/, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* keywords[] = {"tensors", "grad_tensors",      "keep_graph",      "create_graph",
                                   "inputs",  "allow_unreachable", "accumulate_grad", nullptr};
  PyObject* tensors = nullptr;
  PyObject* grad_tensors = nullptr;
  unsigned char keep_graph = 0;
  unsigned char create_graph = 0;
  PyObject* inputs = nullptr;
  unsigned char allow_unreachable = 0;
  unsigned char accumulate_grad = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OObb|Obb", const_cast<char**>(keywords), &tensors, &grad_tensors,
                                   &keep_graph, &create_graph, &inputs, &allow_unreachable, &accumulate_grad)) {
    return nullptr;
  }
  if (!PyTuple_Check(tensors) || !PyTuple_Check(grad_tensors)) {
    throw std::runtime_error(fmt::format("{} argument is expected to be a tuple, but got {}",
                                         PyTuple_Check(tensors) ? "grad_tensors" : "tensors",
                                         Py_TYPE(PyTuple_Check(tensors) ? grad_tensors : tensors)->tp_name));
  }
  if (create_graph != 0) {
    PyErr_SetString(PyExc_NotImplementedError,
                    "create_graph=True is not in mini_torch, the course's module: its engine computes first-order "
                    "gradients only");
    return nullptr;
  }
  const Py_ssize_t count = PyTuple_GET_SIZE(tensors);
  if (count != PyTuple_GET_SIZE(grad_tensors)) {
    throw std::runtime_error(fmt::format("got {} tensors and {} gradients", count, PyTuple_GET_SIZE(grad_tensors)));
  }
  if (accumulate_grad != 0) {
    checkBackwardOutsideVmap();
  }
  TensorList outputs, gradients;
  for (Py_ssize_t i = 0; i < count; ++i) {
    outputs.push_back(tupleTensor(tensors, i, false, "tensors"));
    gradients.push_back(tupleTensor(grad_tensors, i, true, "gradients"));
  }
  TensorList differentiated;
  const bool hasInputs =
      inputs != nullptr && inputs != Py_None && PyTuple_Check(inputs) && PyTuple_GET_SIZE(inputs) > 0;
  if (hasInputs) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(inputs); ++i) {
      PyObject* input = PyTuple_GET_ITEM(inputs, i);
      if (!THPVariable_Check(input)) {
        throw std::runtime_error(fmt::format("all inputs have to be Tensors, but got {}", Py_TYPE(input)->tp_name));
      }
      differentiated.push_back(THPVariable_Unpack(input));
    }
  }
  if (accumulate_grad != 0 && hasInputs) {
    PyErr_SetString(PyExc_NotImplementedError,
                    "backward(inputs=...) is not in mini_torch, the course's module: its engine accumulates into "
                    "every leaf the graph reaches");
    return nullptr;
  }
  TensorList grads;
  {
    // The engine runs C++ only, unless a Python kernel or mode is in the
    // graph, which takes the GIL back.
    Py_BEGIN_ALLOW_THREADS;
    try {
      if (accumulate_grad != 0) {
        autograd::backward(outputs, gradients, keep_graph != 0);
      } else {
        grads = autograd::grad(outputs, differentiated, gradients, keep_graph != 0, allow_unreachable != 0);
      }
    } catch (...) {
      Py_BLOCK_THREADS;
      throw;
    }
    Py_END_ALLOW_THREADS;
  }
  if (accumulate_grad != 0) {
    Py_RETURN_NONE;
  }
  PyObject* result = PyTuple_New(static_cast<Py_ssize_t>(grads.size()));
  for (std::size_t i = 0; result != nullptr && i < grads.size(); ++i) {
    PyObject* grad = grads[i].defined() ? THPVariable_Wrap(grads[i]) : Py_NewRef(Py_None);
    if (grad == nullptr) {
      Py_CLEAR(result);
      break;
    }
    PyTuple_SET_ITEM(result, static_cast<Py_ssize_t>(i), grad);
  }
  return result;
  END_HANDLE_TH_ERRORS
}

PyMethodDef THPEngine_methods[] = {
    {"run_backward", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(THPEngine_run_backward)),
     METH_VARARGS | METH_KEYWORDS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyTypeObject THPEngineType = [] {
  PyTypeObject type{PyVarObject_HEAD_INIT(nullptr, 0)};
  type.tp_name = "mini_torch._C._EngineBase";
  type.tp_basicsize = sizeof(PyObject);
  type.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE;
  type.tp_methods = THPEngine_methods;
  type.tp_new = PyType_GenericNew;
  return type;
}();

}  // namespace

void checkBackwardOutsideVmap() {
  if (currentVmapLevel() != 0) {
    throw std::runtime_error(
        "backward() called inside torch.vmap. This is not supported, please call backward() outside torch.vmap or "
        "instead use torch.autograd.grad inside torch.vmap");
  }
}

void initEngineBindings(PyObject* module) {
  if (PyType_Ready(&THPEngineType) < 0) {
    return;
  }
  Py_INCREF(&THPEngineType);
  PyModule_AddObject(module, "_ImperativeEngine", reinterpret_cast<PyObject*>(&THPEngineType));
}

}  // namespace mini::python
