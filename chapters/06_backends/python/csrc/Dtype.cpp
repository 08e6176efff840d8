#include "csrc/Dtype.h"

#include <array>
#include <string>

#include <fmt/format.h>

namespace mini::python {
namespace {

constexpr std::array kScalarTypes{ScalarType::Bool,   ScalarType::Long, ScalarType::Float,
                                  ScalarType::Double, ScalarType::Half, ScalarType::BFloat16};
std::array<PyObject*, kScalarTypes.size()> dtypeObjects{};

// "torch.float32", as 1.13's dtype prints and as a tensor's repr already
// says (dtype=torch.float64): a program written for torch prints the same.
PyObject* THPDtype_repr(PyObject* self) {
  const auto type = reinterpret_cast<THPDtype*>(self)->scalar_type;
  return PyUnicode_FromString(fmt::format("torch.{}", scalarTypeName(type)).c_str());
}

// 1.13's dtype properties (torch/csrc/Dtype.cpp); no complex dtype here.
PyObject* THPDtype_is_floating_point(PyObject* self, void* /*unused*/) {
  return PyBool_FromLong(isFloatingType(reinterpret_cast<THPDtype*>(self)->scalar_type));
}

PyObject* THPDtype_is_complex(PyObject* /*self*/, void* /*unused*/) { Py_RETURN_FALSE; }

PyObject* THPDtype_is_signed(PyObject* self, void* /*unused*/) {
  return PyBool_FromLong(reinterpret_cast<THPDtype*>(self)->scalar_type != ScalarType::Bool);
}

PyGetSetDef THPDtype_properties[] = {
    {"is_floating_point", THPDtype_is_floating_point, nullptr, nullptr, nullptr},
    {"is_complex", THPDtype_is_complex, nullptr, nullptr, nullptr},
    {"is_signed", THPDtype_is_signed, nullptr, nullptr, nullptr},
    {nullptr},
};

}  // namespace

PyTypeObject THPDtypeType = {
    .ob_base = PyVarObject_HEAD_INIT(nullptr, 0).tp_name = "mini_torch.dtype",
    .tp_basicsize = sizeof(THPDtype),
    .tp_repr = THPDtype_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A tensor's element type (torch.dtype).",
    .tp_getset = THPDtype_properties,
};

PyObject* getTHPDtype(ScalarType type) { return dtypeObjects.at(static_cast<std::size_t>(type)); }

void initDtypes(PyObject* module) {
  if (PyType_Ready(&THPDtypeType) < 0 || PyModule_AddObjectRef(module, "dtype", (PyObject*)&THPDtypeType) < 0) {
    return;
  }
  for (ScalarType type : kScalarTypes) {
    auto* object = PyObject_New(THPDtype, &THPDtypeType);
    object->scalar_type = type;
    dtypeObjects.at(static_cast<std::size_t>(type)) = (PyObject*)object;
    PyModule_AddObjectRef(module, std::string(scalarTypeName(type)).c_str(), (PyObject*)object);
  }
}

}  // namespace mini::python
