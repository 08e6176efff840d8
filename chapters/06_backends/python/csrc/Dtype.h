#pragma once
/// \file
/// \brief mini_torch.float32 and the other dtypes: Python objects that each
///        hold one ScalarType, as torch/csrc/Dtype.h's THPDtype does.

#include <Python.h>

#include "mini/core/scalar_type.h"

namespace mini::python {

struct THPDtype {
  PyObject_HEAD ScalarType scalar_type;
};

extern PyTypeObject THPDtypeType;

inline bool THPDtype_Check(PyObject* obj) { return Py_TYPE(obj) == &THPDtypeType; }
/// The one object of a ScalarType (a borrowed reference): `a.dtype is mini_torch.float32`.
PyObject* getTHPDtype(ScalarType type);
/// Adds the type and one object per ScalarType (float32, int64, ...) to the module.
void initDtypes(PyObject* module);

}  // namespace mini::python
