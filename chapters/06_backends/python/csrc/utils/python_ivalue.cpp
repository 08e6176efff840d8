#include "csrc/utils/python_ivalue.h"

#include <fmt/format.h>

#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "csrc/python_variable.h"
#include "csrc/utils/python_arg_parser.h"

namespace mini::python {
namespace {

template <class T, class Make>
PyObject* listOf(const std::vector<T>& values, Make make) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(values.size()));
  for (std::size_t i = 0; list != nullptr && i < values.size(); ++i) {
    PyList_SET_ITEM(list, i, make(values[i]));
  }
  return list;
}

[[noreturn]] void wrongType(PyObject* obj, const SchemaType& type, const std::string& what) {
  throw TypeError(fmt::format("{} must be {}, not {}", what, type.toString(), Py_TYPE(obj)->tp_name));
}

thread_local bool allow_numbers_as_tensors = false;

/// A wrapped number goes back to Python as the number it was made from:
/// __torch_dispatch__ sees `a * 2` as mul(a, 2), as in 1.13.
PyObject* wrappedNumberToPython(const Tensor& tensor) {
  switch (tensor.dtype()) {
    case ScalarType::Bool: return PyBool_FromLong(*tensor.dataPtr<bool>());
    case ScalarType::Long: return PyLong_FromLongLong(*tensor.dataPtr<std::int64_t>());
    default: return PyFloat_FromDouble(*tensor.dataPtr<double>());
  }
}

}  // namespace

ToIValueAllowNumbersAsTensors::ToIValueAllowNumbersAsTensors(bool enable) : old_(allow_numbers_as_tensors) {
  allow_numbers_as_tensors = enable;
}

ToIValueAllowNumbersAsTensors::~ToIValueAllowNumbersAsTensors() { allow_numbers_as_tensors = old_; }

PyObject* toPyObject(const IValue& value) {
  switch (value.tag()) {
    case IValue::Tag::None: Py_RETURN_NONE;
    case IValue::Tag::Tensor:
      if (value.toTensor().defined() && value.toTensor().unsafeGetTensorImpl()->wrappedNumber) {
        return wrappedNumberToPython(value.toTensor());
      }
      return THPVariable_Wrap(value.toTensor());
    case IValue::Tag::Double: return PyFloat_FromDouble(value.toDouble());
    case IValue::Tag::Int: return PyLong_FromLongLong(value.toInt());
    case IValue::Tag::Bool: return PyBool_FromLong(value.toBool());
    case IValue::Tag::String: return PyUnicode_FromString(value.toStringRef().c_str());
    case IValue::Tag::GenericList: return listOf(value.toListRef(), [](const IValue& v) { return toPyObject(v); });
    case IValue::Tag::Tuple: {
      // A tuple of results (max.dim's values and indices) is a Python tuple.
      const std::vector<IValue>& elements = value.toTupleRef().elements();
      PyObject* tuple = PyTuple_New(static_cast<Py_ssize_t>(elements.size()));
      for (std::size_t i = 0; tuple != nullptr && i < elements.size(); ++i) {
        PyTuple_SET_ITEM(tuple, static_cast<Py_ssize_t>(i), toPyObject(elements[i]));
      }
      return tuple;
    }
    case IValue::Tag::GenericDict: {
      PyObject* dict = PyDict_New();
      for (const auto& [key, entry] : value.toGenericDict()) {
        PyObject* pyKey = toPyObject(key);
        PyObject* pyValue = toPyObject(entry);
        PyDict_SetItem(dict, pyKey, pyValue);
        Py_DECREF(pyKey);
        Py_DECREF(pyValue);
      }
      return dict;
    }
    case IValue::Tag::Device: return THPDevice_New(value.toDevice());
    default: throw std::runtime_error(fmt::format("no Python object for a boxed {}", value.tagKind()));
  }
}

PyObject* toPyObject(const IValue& value, const SchemaType& type) {
  const SchemaType& base = type.kind() == SchemaType::Kind::Optional ? type.element() : type;
  if (base.kind() == SchemaType::Kind::ScalarType && value.isInt()) {
    PyObject* dtype = getTHPDtype(static_cast<ScalarType>(value.toInt()));
    Py_INCREF(dtype);
    return dtype;
  }
  return toPyObject(value);
}

IValue toIValue(PyObject* obj, const SchemaType& type, const std::string& what) {
  using Kind = SchemaType::Kind;
  if (type.kind() == Kind::Optional) {
    return obj == Py_None ? IValue() : toIValue(obj, type.element(), what);
  }
  switch (type.kind()) {
    case Kind::Tensor:
      if (allow_numbers_as_tensors && (PyFloat_Check(obj) || PyLong_Check(obj))) {
        return wrappedNumberTensor(obj);
      }
      if (!THPVariable_Check(obj)) {
        wrongType(obj, type, what);
      }
      return THPVariable_Unpack(obj);
    case Kind::Int:
    case Kind::SymInt:
      if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        wrongType(obj, type, what);
      }
      return static_cast<std::int64_t>(PyLong_AsLongLong(obj));
    case Kind::Float:
      if (!PyFloat_Check(obj) && !PyLong_Check(obj)) {
        wrongType(obj, type, what);
      }
      return PyFloat_AsDouble(obj);
    case Kind::Bool:
      if (!PyBool_Check(obj)) {
        wrongType(obj, type, what);
      }
      return obj == Py_True;
    case Kind::Scalar:
      if (PyBool_Check(obj)) {
        return obj == Py_True;
      }
      if (PyLong_Check(obj)) {
        return static_cast<std::int64_t>(PyLong_AsLongLong(obj));
      }
      if (PyFloat_Check(obj)) {
        return PyFloat_AsDouble(obj);
      }
      wrongType(obj, type, what);
    case Kind::String:
      if (!PyUnicode_Check(obj)) {
        wrongType(obj, type, what);
      }
      return std::string(PyUnicode_AsUTF8(obj));
    case Kind::ScalarType:
      if (!THPDtype_Check(obj)) {
        wrongType(obj, type, what);
      }
      return reinterpret_cast<THPDtype*>(obj)->scalar_type;
    case Kind::Device:
      if (THPDevice_Check(obj)) {
        return reinterpret_cast<THPDevice*>(obj)->device;
      }
      if (PyUnicode_Check(obj)) {
        return parseDevice(PyUnicode_AsUTF8(obj));
      }
      wrongType(obj, type, what);
    case Kind::List: {
      if (!PyList_Check(obj) && !PyTuple_Check(obj)) {
        wrongType(obj, type, what);
      }
      const Py_ssize_t size = PySequence_Fast_GET_SIZE(obj);
      const Kind element = type.element().kind();
      if (element == Kind::Tensor) {
        std::vector<Tensor> tensors;
        for (Py_ssize_t i = 0; i < size; ++i) {
          tensors.push_back(toIValue(PySequence_Fast_GET_ITEM(obj, i), type.element(), what).toTensor());
        }
        return tensors;
      }
      if (element == Kind::Float) {
        std::vector<double> values;
        for (Py_ssize_t i = 0; i < size; ++i) {
          values.push_back(toIValue(PySequence_Fast_GET_ITEM(obj, i), type.element(), what).toDouble());
        }
        return values;
      }
      std::vector<std::int64_t> values;
      for (Py_ssize_t i = 0; i < size; ++i) {
        values.push_back(toIValue(PySequence_Fast_GET_ITEM(obj, i), type.element(), what).toInt());
      }
      return values;
    }
    default: throw TypeError(fmt::format("{}: the Python layer cannot pass a {}", what, type.toString()));
  }
}

IValue defaultValue(const Argument& argument) {
  const std::string& text = *argument.default_value;
  if (text == "None") {
    return IValue();
  }
  if (text == "True" || text == "False") {
    return text == "True";
  }
  PyObject* parsed = PyRun_String(text.c_str(), Py_eval_input, PyEval_GetBuiltins(), nullptr);
  if (parsed == nullptr) {
    throw python_error();
  }
  IValue value;
  try {
    value = toIValue(parsed, argument.type, argument.name);
  } catch (...) {
    Py_DECREF(parsed);
    throw;
  }
  Py_DECREF(parsed);
  return value;
}

}  // namespace mini::python
