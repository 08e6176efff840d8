#pragma once
/// \file
/// \brief PythonArgParser: Python arguments matched against a list of
///        signatures, as torch/csrc/utils/python_arg_parser.h does it.
///
/// A generated binding holds one parser with its operator's signatures:
///
///     static PythonArgParser parser({
///       "add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
///     });
///     ParsedArgs<4> parsed_args;
///     auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
///
/// parse() tries the signatures in order and returns the first that fits
/// (`_r.idx` says which); when none fits it throws TypeError with 1.13's
/// words for the problem: a wrong type, a missing or unexpected argument,
/// or "received an invalid combination of arguments".

#include <Python.h>

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "mini/core/device.h"
#include "mini/core/scalar.h"
#include "mini/core/scalar_type.h"
#include "mini/core/tensor.h"

namespace mini::python {

enum class ParameterType { TENSOR, SCALAR, INT64, DOUBLE, INT_LIST, BOOL, SCALARTYPE, DEVICE, PYOBJECT };

struct FunctionParameter {
  FunctionParameter(const std::string& fmt, bool keyword_only);

  /// Whether `obj` can be this parameter.
  bool check(PyObject* obj) const;
  /// What errors call the type: Scalar is "Number", int[] "tuple of ints".
  std::string type_name() const;

  ParameterType type_;
  /// A Tensor parameter that also takes a Python number (add's other):
  /// tensor() makes it a wrapped number.
  bool allow_numbers_as_tensors = false;
  bool optional = false;
  bool allow_none = false;
  bool keyword_only = false;
  /// IntArrayRef[1]: a list of that many ints, which a single int also
  /// gives (sum(0) for sum([0])), as 1.13's `int[1] dim`; 0 for any length.
  int size = 0;
  std::string name;
  std::string default_text;  // "1", "False", "None", "" for no default
};

struct FunctionSignature {
  FunctionSignature(const std::string& fmt, int index);

  /// Fills dst[i] (nullptr where a default applies); on a mismatch returns
  /// false, or throws the error that explains it when raise_exception.
  bool parse(PyObject* self, PyObject* args, PyObject* kwargs, PyObject* dst[], bool raise_exception) const;
  /// "(Tensor input, Tensor other, *, Number alpha, Tensor out)".
  std::string toString() const;

  std::string name;
  std::vector<FunctionParameter> params;
  std::size_t min_args = 0;
  std::size_t max_args = 0;
  std::size_t max_pos_args = 0;
  int index;
  bool hidden = false;
  bool deprecated = false;
};

/// One signature matched: the parsed arguments, read by position.
struct PythonArgs {
  int idx;
  const FunctionSignature& signature;
  PyObject** args;

  bool has(int i) const { return args[i] != nullptr; }
  bool isNone(int i) const { return args[i] == nullptr; }
  Tensor tensor(int i) const;
  std::optional<Tensor> optionalTensor(int i) const;
  Scalar scalar(int i) const;
  std::int64_t toInt64(int i) const;
  /// An `int?`: nullopt for None or when absent.
  std::optional<std::int64_t> toInt64Optional(int i) const;
  double toDouble(int i) const;
  bool toBool(int i) const;
  std::vector<std::int64_t> intlist(int i) const;
  ScalarType scalartype(int i) const;
  /// A factory's dtype when `dtype` (an argument index) is None, inferred
  /// from the Python numbers it was given as 1.13's kernels infer it
  /// (TensorFactories.cpp): full's infer_full_dtype (a bool fill value
  /// makes a bool tensor, an int an int64 one) and arange's
  /// set_to_integral_dtype (ints and bools count in int64); otherwise the
  /// default float dtype. `name` is the factory's, for the error an int too
  /// large for a double gets.
  ScalarType inferredScalartype(int dtype, std::initializer_list<int> numbers, bool boolStaysBool,
                                const char* name) const;
  Device device(int i) const;

 private:
  const std::string& defaultOf(int i) const { return signature.params.at(i).default_text; }
};

/// 1.13's list of the functions whose Tensor parameters take Python numbers
/// too (`a * 2`): its arithmetic ones. (1.13's also has aliases the course
/// has no operator for, and copy_, _to_copy and to, left out here.)
bool should_allow_numbers_as_tensors(const std::string& name);

/// A Python bool, int or float as a zero-dimensional tensor (bool, int64,
/// float64) marked as a wrapped number: 1.13's scalar_to_tensor and
/// set_wrapped_number, which tensor() and the boxed calls share. `number`
/// is a bool, an int or a float (the caller checked).
Tensor wrappedNumberTensor(PyObject* number);

template <int N>
struct ParsedArgs {
  std::array<PyObject*, N> args{};
};

class PythonArgParser {
 public:
  explicit PythonArgParser(const std::vector<std::string>& fmts);

  template <int N>
  PythonArgs parse(PyObject* self, PyObject* args, PyObject* kwargs, ParsedArgs<N>& dst) {
    return raw_parse(self, args, kwargs, dst.args.data());
  }

  /// The signatures an error lists: every one but the hidden (deprecated).
  std::vector<std::string> get_signatures() const;

 private:
  /// A deprecated signature matched: 1.13's UserWarning, "This overload of
  /// add is deprecated", with the signatures to use instead.
  void check_deprecated(const FunctionSignature& signature) const;
  PythonArgs raw_parse(PyObject* self, PyObject* args, PyObject* kwargs, PyObject* parsed_args[]);
  [[noreturn]] void print_error(PyObject* self, PyObject* args, PyObject* kwargs, PyObject* parsed_args[]);

  std::vector<FunctionSignature> signatures_;
  std::string function_name;
  std::size_t max_args = 0;
};

}  // namespace mini::python
