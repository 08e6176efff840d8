#pragma once
/// \file
/// \brief Boxed values to Python objects and back, for the boxed calls of
///        python_dispatch.cpp (torch/csrc/jit/python/pybind_utils.h's
///        toPyObject and toIValue).

#include <Python.h>

#include "mini/boxing/ivalue.h"
#include "mini/op_registration/function_schema.h"

namespace mini::python {

/// A new reference: a Tensor as a Python tensor (a wrapped number as the
/// Python number it was), numbers, lists as lists.
PyObject* toPyObject(const IValue& value);
/// The same for an argument of `type`: a ScalarType, boxed as an int, is a dtype.
PyObject* toPyObject(const IValue& value, const SchemaType& type);
/// `obj` as an argument of `type` (a schema's); throws TypeError naming
/// the argument when it cannot be one.
IValue toIValue(PyObject* obj, const SchemaType& type, const std::string& what);
/// For its scope, toIValue takes a Python number where the schema says
/// Tensor, as a wrapped number (1.13's ToIValueAllowNumbersAsTensors, which
/// torch.ops.aten.add.Tensor(a, 2) sets for the operators whose bindings
/// take numbers).
class ToIValueAllowNumbersAsTensors {
 public:
  explicit ToIValueAllowNumbersAsTensors(bool enable);
  ~ToIValueAllowNumbersAsTensors();
  ToIValueAllowNumbersAsTensors(const ToIValueAllowNumbersAsTensors&) = delete;
  ToIValueAllowNumbersAsTensors& operator=(const ToIValueAllowNumbersAsTensors&) = delete;

 private:
  bool old_;
};

/// A schema's default (`1`, `False`, `None`, `[0, 1]`) as a boxed value.
IValue defaultValue(const Argument& argument);

}  // namespace mini::python
