#include "csrc/Device.h"

#include <string>

#include <fmt/format.h>

#include "csrc/Exceptions.h"

namespace mini::python {
namespace {

PyObject* THPDevice_pynew(PyTypeObject* /*type*/, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  const char* text = nullptr;
  static const char* keywords[] = {"type", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s", const_cast<char**>(keywords), &text)) {
    return nullptr;
  }
  return THPDevice_New(parseDevice(text));
  END_HANDLE_TH_ERRORS
}

Device& deviceOf(PyObject* self) { return reinterpret_cast<THPDevice*>(self)->device; }

PyObject* THPDevice_repr(PyObject* self) {
  const Device device = deviceOf(self);
  std::string text = fmt::format("device(type='{}'", deviceTypeName(device.type));
  if (device.index >= 0) {
    text += fmt::format(", index={}", device.index);
  }
  return PyUnicode_FromString((text + ")").c_str());
}

PyObject* THPDevice_str(PyObject* self) { return PyUnicode_FromString(formatDevice(deviceOf(self)).c_str()); }

PyObject* THPDevice_richcompare(PyObject* self, PyObject* other, int op) {
  if (!THPDevice_Check(other) || (op != Py_EQ && op != Py_NE)) {
    Py_RETURN_NOTIMPLEMENTED;
  }
  const bool equal = deviceOf(self).type == deviceOf(other).type && deviceOf(self).index == deviceOf(other).index;
  return PyBool_FromLong((op == Py_EQ) == equal);
}

PyObject* THPDevice_type(PyObject* self, void* /*unused*/) {
  return PyUnicode_FromString(std::string(deviceTypeName(deviceOf(self).type)).c_str());
}

PyObject* THPDevice_index(PyObject* self, void* /*unused*/) {
  if (deviceOf(self).index < 0) {
    Py_RETURN_NONE;
  }
  return PyLong_FromLong(deviceOf(self).index);
}

PyGetSetDef THPDevice_properties[] = {
    {"type", THPDevice_type, nullptr, nullptr, nullptr},
    {"index", THPDevice_index, nullptr, nullptr, nullptr},
    {nullptr},
};

}  // namespace

PyTypeObject THPDeviceType = {
    .ob_base = PyVarObject_HEAD_INIT(nullptr, 0).tp_name = "mini_torch.device",
    .tp_basicsize = sizeof(THPDevice),
    .tp_repr = THPDevice_repr,
    .tp_str = THPDevice_str,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Where a tensor's memory is: device('cpu'), device('cuda:0'), device('meta').",
    .tp_richcompare = THPDevice_richcompare,
    .tp_getset = THPDevice_properties,
    .tp_new = THPDevice_pynew,
};

PyObject* THPDevice_New(Device device) {
  auto* object = PyObject_New(THPDevice, &THPDeviceType);
  if (object != nullptr) {
    object->device = device;
  }
  return (PyObject*)object;
}

void initDevice(PyObject* module) {
  if (PyType_Ready(&THPDeviceType) == 0) {
    PyModule_AddObjectRef(module, "device", (PyObject*)&THPDeviceType);
  }
}

}  // namespace mini::python
