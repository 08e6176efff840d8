#include "csrc/utils/tensor_new.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "csrc/Exceptions.h"
#include "csrc/python_variable.h"
#include "csrc/utils/python_arg_parser.h"

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

void flatten(PyObject* obj, std::size_t dim, Sizes& sizes, Values& values, Inferred& inferred) {
  if (PyList_Check(obj) || PyTuple_Check(obj)) {
    const Py_ssize_t length = PySequence_Fast_GET_SIZE(obj);
    if (dim == sizes.size()) {
      sizes.push_back(length);
    } else if (sizes[dim] != length) {
      throw std::invalid_argument(
          fmt::format("expected sequence of length {} at dim {} (got {})", sizes[dim], dim, length));
    }
    for (Py_ssize_t i = 0; i < length; ++i) {
      flatten(PySequence_Fast_GET_ITEM(obj, i), dim + 1, sizes, values, inferred);
    }
    return;
  }
  if (dim < sizes.size()) {
    throw TypeError(fmt::format("not a sequence"));
  }
  if (PyBool_Check(obj)) {
    values.doubles.push_back(obj == Py_True ? 1.0 : 0.0);
    values.ints.push_back(obj == Py_True ? 1 : 0);
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
  } else {
    throw TypeError(fmt::format("Could not infer dtype of {}", Py_TYPE(obj)->tp_name));
  }
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
  int requires_grad = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$OOp", const_cast<char**>(keywords), &data, &dtype, &device,
                                   &requires_grad)) {
    return nullptr;
  }
  Sizes sizes;
  Values values;
  Inferred inferred;
  flatten(data, 0, sizes, values, inferred);
  ScalarType type = inferred.any_float ? kDefaultFloatType
                    : inferred.any_int ? ScalarType::Long
                                       : (values.doubles.empty() ? kDefaultFloatType : ScalarType::Bool);
  // Ints and bools only: the exact values, as int64; a float among them: doubles.
  Tensor result = inferred.any_float ? fromValues(std::move(values.doubles), sizes) : fromInts(values.ints, sizes);
  if (dtype != Py_None) {
    PyObject* parsed[] = {dtype};
    FunctionSignature signature("tensor(ScalarType dtype)", 0);
    if (!signature.params[0].check(dtype)) {
      throw TypeError(fmt::format("tensor(): argument 'dtype' must be torch.dtype, not {}", Py_TYPE(dtype)->tp_name));
    }
    type = PythonArgs{0, signature, parsed}.scalartype(0);
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
  if (requires_grad != 0) {
    result.setRequiresGrad(true);
  }
  return THPVariable_Wrap(std::move(result));
  END_HANDLE_TH_ERRORS
}

}  // namespace mini::python
