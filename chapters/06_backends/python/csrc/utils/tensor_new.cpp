#include "csrc/utils/tensor_new.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "csrc/python_variable.h"
#include "csrc/utils/python_arg_parser.h"
#include "mini/generated/Functions.h"

namespace mini::python {
namespace {

/// What torch infers from the data when no dtype is given: bool for bools
/// only, int64 for ints (and bools), float32 once a float is there.
struct Inferred {
  bool any_int = false;
  bool any_float = false;
};

/// The values as read: each as a double, and, while no float has come, each
/// as an int64 too, which is what an int64 (or bool) tensor is made from, so
/// that 2**62 + 1 is not rounded through a double's 53 bits.
struct Values {
  std::vector<double> doubles;
  std::vector<std::int64_t> ints;
};

/// `first`: obj is on the path of first elements, from which 1.13 reads the
/// sizes (compute_sizes); `ints_as_doubles`: a floating dtype was asked for,
/// so an int is read as a double, as 1.13 stores it, and may be any size.
void flatten(PyObject* obj, std::size_t dim, Sizes& sizes, Values& values, Inferred& inferred, bool first,
             bool ints_as_doubles) {
  if (PyList_Check(obj) || PyTuple_Check(obj)) {
    const Py_ssize_t length = PySequence_Fast_GET_SIZE(obj);
    if (dim == sizes.size()) {
      sizes.push_back(length);
    } else if (sizes[dim] != length) {
      // A ragged list: 1.13's ValueError (torch/csrc/utils/tensor_new.cpp).
      PyErr_SetString(
          PyExc_ValueError,
          fmt::format("expected sequence of length {} at dim {} (got {})", sizes[dim], dim, length).c_str());
      throw python_error();
    }
    for (Py_ssize_t i = 0; i < length; ++i) {
      flatten(PySequence_Fast_GET_ITEM(obj, i), dim + 1, sizes, values, inferred, first && i == 0, ints_as_doubles);
    }
    return;
  }
  if (dim < sizes.size()) {
    throw TypeError(fmt::format("not a sequence"));
  }
  if (PyBool_Check(obj)) {
    values.doubles.push_back(obj == Py_True ? 1.0 : 0.0);
    values.ints.push_back(obj == Py_True ? 1 : 0);
  } else if (PyLong_Check(obj) && ints_as_doubles) {
    inferred.any_int = true;
    const double value = PyLong_AsDouble(obj);
    values.doubles.push_back(value);
    values.ints.push_back(0);  // unused: a floating dtype was asked for
  } else if (PyLong_Check(obj)) {
    inferred.any_int = true;
    int overflow = 0;
    const long long value = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (overflow != 0) {
      throw std::runtime_error("Overflow when unpacking long");  // 1.13's THPUtils_unpackLong
    }
    values.doubles.push_back(static_cast<double>(value));
    values.ints.push_back(value);
  } else if (PyFloat_Check(obj)) {
    inferred.any_float = true;
    values.doubles.push_back(PyFloat_AsDouble(obj));
  } else if (THPVariable_Check(obj)) {
    // 1.13 reads a list of tensors element by element, in each tensor's
    // dtype; this course's tensor() reads Python numbers only, and says so.
    PyErr_SetString(PyExc_NotImplementedError,
                    "tensor() of a list of tensors is not in mini_torch, the course's module: give it Python numbers "
                    "(t.tolist()), or use the tensor itself");
    throw python_error();
  } else if (PyUnicode_Check(obj) && (dim == 0 || !first)) {
    throw TypeError(fmt::format("new(): invalid data type '{}'", Py_TYPE(obj)->tp_name));
  } else if (PyUnicode_Check(obj)) {
    // A string among the first elements, from which 1.13 reads the sizes, is
    // one more dimension there (a string is a sequence), and too many.
    PyErr_SetString(PyExc_ValueError, fmt::format("too many dimensions '{}'", Py_TYPE(obj)->tp_name).c_str());
    throw python_error();
  } else {
    throw std::runtime_error(fmt::format("Could not infer dtype of {}", Py_TYPE(obj)->tp_name));
  }
}

/// A numpy array's dtype as a ScalarType, or nullopt when `obj` is not an
/// array (numpy is not imported here: an array is what has
/// __array_interface__, a dtype and tolist()).
std::optional<ScalarType> numpyScalarType(PyObject* obj) {
  if (!PyObject_HasAttrString(obj, "__array_interface__") || !PyObject_HasAttrString(obj, "tolist")) {
    return std::nullopt;
  }
  PyObject* dtype = PyObject_GetAttrString(obj, "dtype");
  PyObject* name = dtype != nullptr ? PyObject_GetAttrString(dtype, "name") : nullptr;
  Py_XDECREF(dtype);
  if (name == nullptr || !PyUnicode_Check(name)) {
    Py_XDECREF(name);
    throw python_error();
  }
  const std::string text = PyUnicode_AsUTF8(name);
  Py_DECREF(name);
  if (text == "float32") return ScalarType::Float;
  if (text == "float64") return ScalarType::Double;
  if (text == "float16") return ScalarType::Half;
  if (text == "int64") return ScalarType::Long;
  if (text == "bool") return ScalarType::Bool;
  PyErr_SetString(PyExc_NotImplementedError,
                  fmt::format("tensor() of a numpy array of dtype {} is not in mini_torch, the course's module: it "
                              "reads float32, float64, float16, int64 and bool arrays",
                              text)
                      .c_str());
  throw python_error();
}

Tensor fromInts(const std::vector<std::int64_t>& ints, const Sizes& sizes) {
  Tensor tensor = emptyTensor(sizes, {ScalarType::Long, kCpu});
  std::copy(ints.begin(), ints.end(), tensor.dataPtr<std::int64_t>());
  return tensor;
}

}  // namespace

PyObject* THPVariable_tensor(PyObject* /*self*/, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  // `data` is any object, so CPython's own parser reads the arguments; the
  // dtype and device are checked as PythonArgParser checks them.
  static const char* keywords[] = {"data", "dtype", "device", "requires_grad", nullptr};
  PyObject* data = nullptr;
  PyObject* dtype = Py_None;
  PyObject* device = Py_None;
  PyObject* requires_grad_object = Py_False;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$OOO", const_cast<char**>(keywords), &data, &dtype, &device,
                                   &requires_grad_object)) {
    return nullptr;
  }
  if (!PyBool_Check(requires_grad_object)) {
    throw TypeError(
        fmt::format("tensor(): argument 'requires_grad' must be bool, not {}", Py_TYPE(requires_grad_object)->tp_name));
  }
  const bool requires_grad = requires_grad_object == Py_True;
  Sizes sizes;
  Values values;
  Inferred inferred;
  bool floating_dtype = false;
  if (dtype != Py_None && THPDtype_Check(dtype)) {
    floating_dtype = isFloatingType(reinterpret_cast<THPDtype*>(dtype)->scalar_type);
  }
  // A numpy array keeps its dtype, as 1.13's tensor_from_numpy; 1.13 reads
  // its memory, mini_torch its values, through tolist().
  const std::optional<ScalarType> array_type = THPVariable_Check(data) ? std::nullopt : numpyScalarType(data);
  if (array_type) {
    PyObject* list = PyObject_CallMethod(data, "tolist", nullptr);
    if (list == nullptr) {
      throw python_error();
    }
    const bool as_doubles = floating_dtype || isFloatingType(*array_type);
    try {
      flatten(list, 0, sizes, values, inferred, true, as_doubles);
    } catch (...) {
      Py_DECREF(list);
      throw;
    }
    Py_DECREF(list);
    floating_dtype = as_doubles;
  } else if (!THPVariable_Check(data)) {
    flatten(data, 0, sizes, values, inferred, true, floating_dtype);
  }
  ScalarType type = array_type           ? *array_type
                    : inferred.any_float ? kDefaultFloatType
                    : inferred.any_int   ? ScalarType::Long
                                         : (values.doubles.empty() ? kDefaultFloatType : ScalarType::Bool);
  const bool from_tensor = THPVariable_Check(data);
  Tensor result;
  if (from_tensor) {
    // torch.tensor(t): a copy of t's values, no history, t's dtype unless
    // another is asked for; 1.13 warns that t.clone().detach() says so better.
    if (PyErr_WarnEx(PyExc_UserWarning,
                     "To copy construct from a tensor, it is recommended to use sourceTensor.clone().detach() or "
                     "sourceTensor.clone().detach().requires_grad_(True), rather than torch.tensor(sourceTensor).",
                     1) != 0) {
      throw python_error();
    }
    const Tensor& source = THPVariable_Unpack(data);
    type = source.dtype();
    result = clone(source.detach());
  } else {
    // Ints and bools only: the exact values, as int64; a float among them
    // (or a floating dtype asked for): doubles.
    result = inferred.any_float || floating_dtype ? fromValues(values.doubles, sizes) : fromInts(values.ints, sizes);
  }
  if (dtype != Py_None) {
    PyObject* parsed[] = {dtype};
    FunctionSignature signature("tensor(ScalarType dtype)", 0);
    if (!signature.params[0].check(dtype)) {
      throw TypeError(fmt::format("tensor(): argument 'dtype' must be torch.dtype, not {}", Py_TYPE(dtype)->tp_name));
    }
    type = PythonArgs{0, signature, parsed}.scalartype(0);
  }
  if (!from_tensor && inferred.any_float && !isFloatingType(type) && type != ScalarType::Bool) {
    // A float into an integral dtype: 1.13 refuses what the type cannot
    // hold (inf, nan, beyond 2**63) where a cast would wrap silently.
    for (double value : values.doubles) {
      if (!std::isfinite(value) || value >= 0x1p63 || value < -0x1p63) {
        throw std::runtime_error(
            fmt::format("value cannot be converted to type {} without overflow", scalarTypeName(type)));
      }
    }
  }
  result = result.to(type);
  if (device != Py_None) {
    PyObject* parsed[] = {device};
    FunctionSignature signature("tensor(Device device)", 0);
    if (!signature.params[0].check(device)) {
      throw TypeError(
          fmt::format("tensor(): argument 'device' must be torch.device, not {}", Py_TYPE(device)->tp_name));
    }
    result = result.to(PythonArgs{0, signature, parsed}.device(0));
  }
  if (requires_grad && !isFloatingType(result.dtype())) {
    throw std::runtime_error("Only Tensors of floating point and complex dtype can require gradients");
  }
  if (requires_grad) {
    result.setRequiresGrad(true);
  }
  return THPVariable_Wrap(std::move(result));
  END_HANDLE_TH_ERRORS
}

}  // namespace mini::python
