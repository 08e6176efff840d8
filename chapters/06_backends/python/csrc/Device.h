#pragma once
/// \file
/// \brief mini_torch.device("cpu"): a Python object holding a Device, as
///        torch/csrc/Device.h's THPDevice does.

#include <Python.h>

#include "mini/core/device.h"

namespace mini::python {

struct THPDevice {
  PyObject_HEAD Device device;
};

extern PyTypeObject THPDeviceType;

inline bool THPDevice_Check(PyObject* obj) { return Py_TYPE(obj) == &THPDeviceType; }
PyObject* THPDevice_New(Device device);
void initDevice(PyObject* module);

}  // namespace mini::python
