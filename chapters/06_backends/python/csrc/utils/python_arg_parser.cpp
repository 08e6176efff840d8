#include "csrc/utils/python_arg_parser.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "csrc/python_variable.h"
#include "mini/aten/scalar_ops.h"

namespace mini::python {
namespace {

// The spellings signatures use, PyTorch's where there is one.
const std::map<std::string, ParameterType>& typeMap() {
  static const std::map<std::string, ParameterType> types{
      {"Tensor", ParameterType::TENSOR},         {"Scalar", ParameterType::SCALAR},
      {"int64_t", ParameterType::INT64},         {"double", ParameterType::DOUBLE},
      {"IntArrayRef", ParameterType::INT_LIST},  {"bool", ParameterType::BOOL},
      {"ScalarType", ParameterType::SCALARTYPE}, {"Device", ParameterType::DEVICE},
      {"PyObject", ParameterType::PYOBJECT},
  };
  return types;
}

bool checkLong(PyObject* obj) { return PyLong_Check(obj) && !PyBool_Check(obj); }

bool isIntList(PyObject* obj) {
  if (!PyTuple_Check(obj) && !PyList_Check(obj)) {
    return false;
  }
  const Py_ssize_t size = PySequence_Fast_GET_SIZE(obj);
  for (Py_ssize_t i = 0; i < size; ++i) {
    if (!checkLong(PySequence_Fast_GET_ITEM(obj, i))) {
      return false;
    }
  }
  return true;
}

std::string py_typename(PyObject* object) { return Py_TYPE(object)->tp_name; }

std::int64_t unpackLong(PyObject* obj) {
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(obj, &overflow);
  if (overflow != 0) {
    throw std::runtime_error("Overflow when unpacking long");  // 1.13's THPUtils_unpackLong
  }
  if (value == -1 && PyErr_Occurred()) {
    throw python_error();
  }
  return value;
}

[[noreturn]] void extra_args(const FunctionSignature& signature, std::size_t nargs) {
  if (signature.min_args != signature.max_pos_args) {
    throw TypeError(fmt::format("{}() takes from {} to {} positional arguments but {} were given", signature.name,
                                signature.min_args, signature.max_pos_args, nargs));
  }
  throw TypeError(fmt::format("{}() takes {} positional argument{} but {} {} given", signature.name,
                              signature.max_pos_args, signature.max_pos_args == 1 ? "" : "s", nargs,
                              nargs == 1 ? "was" : "were"));
}

[[noreturn]] void missing_args(const FunctionSignature& signature, std::size_t idx) {
  std::vector<std::string> missing;
  for (std::size_t i = idx; i < signature.params.size(); ++i) {
    if (!signature.params[i].optional) {
      missing.push_back(fmt::format("\"{}\"", signature.params[i].name));
    }
  }
  // 1.13's text, its plural included: "missing 1 required positional arguments".
  throw TypeError(fmt::format("{}() missing {} required positional argument{}: {}", signature.name, missing.size(),
                              missing.size() == 1 ? "s" : "", fmt::join(missing, ", ")));
}

[[noreturn]] void extra_kwargs(const FunctionSignature& signature, PyObject* kwargs, std::size_t num_pos_args) {
  PyObject* key = nullptr;
  PyObject* value = nullptr;
  Py_ssize_t pos = 0;
  while (PyDict_Next(kwargs, &pos, &key, &value)) {
    if (!PyUnicode_Check(key)) {
      throw TypeError("keywords must be strings");
    }
    const std::string name = PyUnicode_AsUTF8(key);
    std::size_t index = 0;
    while (index < signature.params.size() && signature.params[index].name != name) {
      ++index;
    }
    if (index == signature.params.size()) {
      throw TypeError(fmt::format("{}() got an unexpected keyword argument '{}'", signature.name, name));
    }
    if (index < num_pos_args) {
      throw TypeError(fmt::format("{}() got multiple values for argument '{}'", signature.name, name));
    }
  }
  throw TypeError("invalid keyword arguments");
}

std::string argDesc(PyObject* args, PyObject* kwargs) {
  std::vector<std::string> pieces;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args); ++i) {
    pieces.push_back(py_typename(PyTuple_GET_ITEM(args, i)));
  }
  PyObject* key = nullptr;
  PyObject* value = nullptr;
  Py_ssize_t pos = 0;
  while (kwargs != nullptr && PyDict_Next(kwargs, &pos, &key, &value)) {
    pieces.push_back(fmt::format("{}={}", PyUnicode_AsUTF8(key), py_typename(value)));
  }
  return fmt::format("({})", fmt::join(pieces, ", "));
}

/// A signature as 1.13's invalid_arguments.cpp reads its printed form:
/// the parameters in order, with the `*` before the keyword-only ones
/// standing in a place of its own (nullptr), which no argument matches.
std::vector<const FunctionParameter*> printedSlots(const FunctionSignature& signature) {
  std::vector<const FunctionParameter*> slots;
  bool keyword_already = false;
  for (const FunctionParameter& param : signature.params) {
    if (param.keyword_only && !keyword_already) {
      slots.push_back(nullptr);
      keyword_already = true;
    }
    slots.push_back(&param);
  }
  return slots;
}

/// (Tensor, !str!): each positional argument's type, between ! where the
/// signature's slot at its place does not take it. (1.13 colours them
/// instead on a terminal.)
std::string formattedArgDesc(const FunctionSignature& signature, PyObject* args) {
  const std::vector<const FunctionParameter*> slots = printedSlots(signature);
  std::vector<std::string> pieces;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args); ++i) {
    PyObject* arg = PyTuple_GET_ITEM(args, i);
    const auto index = static_cast<std::size_t>(i);
    const bool matching = index < slots.size() && slots[index] != nullptr && slots[index]->check(arg);
    pieces.push_back(matching ? py_typename(arg) : fmt::format("!{}!", py_typename(arg)));
  }
  return fmt::format("({})", fmt::join(pieces, ", "));
}

std::string format_invalid_args(PyObject* args, PyObject* kwargs, const std::string& function_name,
                                const std::vector<const FunctionSignature*>& options) {
  std::string message = function_name + " received an invalid combination of arguments - got ";
  const std::size_t num_args = PyTuple_GET_SIZE(args) + (kwargs != nullptr ? PyDict_Size(kwargs) : 0);
  const bool positional_only = kwargs == nullptr || PyDict_Size(kwargs) == 0;
  auto countMatches = [&](const FunctionSignature& option) {
    return positional_only && num_args == printedSlots(option).size();
  };
  if (options.size() == 1) {
    const FunctionSignature& option = *options.front();
    message += countMatches(option) ? formattedArgDesc(option, args) : argDesc(args, kwargs);
    return message + ", but expected " + option.toString();
  }
  message += argDesc(args, kwargs) + ", but expected one of:\n";
  for (const FunctionSignature* option : options) {
    message += " * " + option->toString() + "\n";
    if (countMatches(*option)) {
      message +=
          "      didn't match because some of the arguments have invalid types: " + formattedArgDesc(*option, args) +
          "\n";
    }
  }
  return message;
}

}  // namespace

bool should_allow_numbers_as_tensors(const std::string& name) {
  static const std::set<std::string> allowed = {"add", "add_", "add_out", "div", "div_", "div_out",
                                                "mul", "mul_", "mul_out", "sub", "sub_", "sub_out"};
  return allowed.contains(name);
}

Tensor wrappedNumberTensor(PyObject* number) {
  // The number as a Scalar of its own kind, then the library's
  // wrappedScalarTensor (1.13: scalar_to_tensor and set_wrapped_number).
  if (PyBool_Check(number)) {
    return wrappedScalarTensor(Scalar(number == Py_True));
  }
  if (checkLong(number)) {
    return wrappedScalarTensor(Scalar(unpackLong(number)));
  }
  // A float: the callers let only numbers through.
  return wrappedScalarTensor(Scalar(PyFloat_AsDouble(number)));
}

FunctionParameter::FunctionParameter(const std::string& fmt, bool keyword_only) : keyword_only(keyword_only) {
  const auto space = fmt.find(' ');
  if (space == std::string::npos) {
    throw std::runtime_error(fmt::format("FunctionParameter(): missing type: {}", fmt));
  }
  std::string type_str = fmt.substr(0, space);
  if (type_str.ends_with('?')) {
    allow_none = true;
    type_str.pop_back();
  }
  if (const auto bracket = type_str.find('['); bracket != std::string::npos && type_str.ends_with(']')) {
    size = std::stoi(type_str.substr(bracket + 1, type_str.size() - bracket - 2));
    type_str.erase(bracket);
  }
  const auto found = typeMap().find(type_str);
  if (found == typeMap().end()) {
    throw std::runtime_error(fmt::format("FunctionParameter(): invalid type string: {}", type_str));
  }
  type_ = found->second;
  const std::string name_str = fmt.substr(space + 1);
  const auto eq = name_str.find('=');
  name = name_str.substr(0, eq);
  if (eq != std::string::npos) {
    optional = true;
    default_text = name_str.substr(eq + 1);
    allow_none = allow_none || default_text == "None";
  }
}

bool FunctionParameter::check(PyObject* obj) const {
  switch (type_) {
    case ParameterType::TENSOR:
      return THPVariable_Check(obj) || (allow_numbers_as_tensors && (PyFloat_Check(obj) || PyLong_Check(obj)));
    case ParameterType::SCALAR:
    case ParameterType::DOUBLE:
      if (PyFloat_Check(obj) || PyLong_Check(obj)) {
        return true;
      }
      // A zero-dim tensor that needs no gradient stands for its number.
      return THPVariable_Check(obj) && THPVariable_Unpack(obj).dim() == 0 && !THPVariable_Unpack(obj).requiresGrad();
    case ParameterType::INT64: return checkLong(obj);
    case ParameterType::INT_LIST: return isIntList(obj) || (size > 0 && !PyBool_Check(obj) && checkLong(obj));
    case ParameterType::BOOL: return PyBool_Check(obj);
    case ParameterType::SCALARTYPE: return THPDtype_Check(obj);
    case ParameterType::DEVICE: return THPDevice_Check(obj) || PyUnicode_Check(obj);
    case ParameterType::PYOBJECT: return true;
  }
  return false;
}

std::string FunctionParameter::type_name() const {
  switch (type_) {
    case ParameterType::TENSOR: return "Tensor";
    case ParameterType::SCALAR: return "Number";
    case ParameterType::INT64: return "int";
    case ParameterType::DOUBLE: return "float";
    case ParameterType::INT_LIST: return "tuple of ints";
    case ParameterType::BOOL: return "bool";
    case ParameterType::SCALARTYPE: return "torch.dtype";
    case ParameterType::DEVICE: return "torch.device";
    case ParameterType::PYOBJECT: return "object";
  }
  return "?";
}

FunctionSignature::FunctionSignature(const std::string& fmt, int index) : index(index) {
  const auto open_paren = fmt.find('(');
  const auto close_paren = fmt.rfind(')');
  if (open_paren == std::string::npos || close_paren == std::string::npos) {
    throw std::runtime_error(fmt::format("FunctionSignature(): not `name(arguments)`: {}", fmt));
  }
  name = fmt.substr(0, open_paren);
  const std::string flags = fmt.substr(close_paren + 1);
  deprecated = flags.find("|deprecated") != std::string::npos;
  hidden = flags.find("|hidden") != std::string::npos || deprecated;
  bool keyword_only = false;
  std::stringstream arguments(fmt.substr(open_paren + 1, close_paren - open_paren - 1));
  std::string piece;
  while (std::getline(arguments, piece, ',')) {
    piece.erase(0, piece.find_first_not_of(' '));
    if (piece.empty()) {
      continue;
    }
    if (piece == "*") {
      keyword_only = true;
      continue;
    }
    params.emplace_back(piece, keyword_only);
    params.back().allow_numbers_as_tensors = should_allow_numbers_as_tensors(name);
  }
  max_args = params.size();
  for (const FunctionParameter& param : params) {
    min_args += param.optional ? 0 : 1;
    max_pos_args += param.keyword_only ? 0 : 1;
  }
}

std::string FunctionSignature::toString() const {
  std::string out = "(";
  bool keyword_already = false;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (i != 0) {
      out += ", ";
    }
    if (params[i].keyword_only && !keyword_already) {
      out += "*, ";
      keyword_already = true;
    }
    out += params[i].type_name() + " " + params[i].name;
  }
  return out + ")";
}

bool FunctionSignature::parse(PyObject* /*self*/, PyObject* args, PyObject* kwargs, PyObject* dst[],
                              bool raise_exception) const {
  const std::size_t nargs = args != nullptr ? PyTuple_GET_SIZE(args) : 0;
  auto remaining_kwargs = kwargs != nullptr ? PyDict_Size(kwargs) : 0;
  std::size_t arg_pos = 0;
  // view(2, 3) as view((2, 3)): a single positional int list takes varargs.
  const bool allow_varargs_intlist = max_pos_args == 1 && params[0].type_ == ParameterType::INT_LIST;
  if (nargs > max_pos_args && !allow_varargs_intlist) {
    if (raise_exception) {
      extra_args(*this, nargs);
    }
    return false;
  }
  std::size_t i = 0;
  for (const FunctionParameter& param : params) {
    PyObject* obj = nullptr;
    bool is_kwd = false;
    if (arg_pos < nargs) {
      if (param.keyword_only) {
        if (raise_exception) {
          extra_args(*this, nargs);
        }
        return false;
      }
      obj = PyTuple_GET_ITEM(args, arg_pos);
    } else if (kwargs != nullptr) {
      obj = PyDict_GetItemString(kwargs, param.name.c_str());
      is_kwd = true;
    }
    if ((obj == nullptr && param.optional) || (obj == Py_None && param.allow_none)) {
      dst[i++] = nullptr;
    } else if (obj == nullptr) {
      if (raise_exception) {
        missing_args(*this, i);
      }
      return false;
    } else if (param.check(obj)) {
      dst[i++] = obj;
    } else if (allow_varargs_intlist && arg_pos == 0 && !is_kwd && isIntList(args)) {
      dst[i++] = args;
      arg_pos = nargs;
      continue;
    } else if (raise_exception) {
      if (is_kwd) {
        throw TypeError(fmt::format("{}(): argument '{}' must be {}, not {}", name, param.name, param.type_name(),
                                    py_typename(obj)));
      }
      throw TypeError(fmt::format("{}(): argument '{}' (position {}) must be {}, not {}", name, param.name, arg_pos + 1,
                                  param.type_name(), py_typename(obj)));
    } else {
      return false;
    }
    if (!is_kwd) {
      arg_pos++;
    } else if (obj != nullptr) {
      remaining_kwargs--;
    }
  }
  if (remaining_kwargs > 0) {
    if (raise_exception) {
      extra_kwargs(*this, kwargs, nargs);
    }
    return false;
  }
  return true;
}

PythonArgParser::PythonArgParser(const std::vector<std::string>& fmts) {
  int index = 0;
  for (const std::string& fmt : fmts) {
    signatures_.emplace_back(fmt, index++);
  }
  for (const FunctionSignature& signature : signatures_) {
    max_args = std::max(max_args, signature.max_args);
  }
  if (!signatures_.empty()) {
    function_name = signatures_[0].name;
  }
  // Deprecated signatures are tried last.
  std::stable_partition(signatures_.begin(), signatures_.end(),
                        [](const FunctionSignature& signature) { return !signature.deprecated; });
}

std::vector<std::string> PythonArgParser::get_signatures() const {
  std::vector<std::string> options;
  for (const FunctionSignature& signature : signatures_) {
    if (!signature.hidden) {
      options.push_back(signature.toString());
    }
  }
  return options;
}

void PythonArgParser::check_deprecated(const FunctionSignature& signature) const {
  // 1.13's TORCH_WARN_ONCE: once per process for all deprecated overloads
  // together (one flag at this one call site), as a Python UserWarning.
  static bool warned = false;
  if (!signature.deprecated || warned) {
    return;
  }
  warned = true;
  std::string instead;
  const std::vector<std::string> signatures = get_signatures();
  if (!signatures.empty()) {
    instead = "\nConsider using one of the following signatures instead:";
    for (const std::string& sig : signatures) {
      instead += fmt::format("\n\t{}{}", signature.name, sig);
    }
  }
  if (PyErr_WarnEx(PyExc_UserWarning,
                   fmt::format("This overload of {} is deprecated:\n\t{}{}{}", signature.name, signature.name,
                               signature.toString(), instead)
                       .c_str(),
                   1) != 0) {
    throw python_error();  // a warnings filter made it an error
  }
}

PythonArgs PythonArgParser::raw_parse(PyObject* self, PyObject* args, PyObject* kwargs, PyObject* parsed_args[]) {
  if (signatures_.size() == 1) {
    signatures_[0].parse(self, args, kwargs, parsed_args, true);
    check_deprecated(signatures_[0]);
    return PythonArgs{signatures_[0].index, signatures_[0], parsed_args};
  }
  for (const FunctionSignature& signature : signatures_) {
    if (signature.parse(self, args, kwargs, parsed_args, false)) {
      check_deprecated(signature);
      return PythonArgs{signature.index, signature, parsed_args};
    }
  }
  print_error(self, args, kwargs, parsed_args);
}

void PythonArgParser::print_error(PyObject* self, PyObject* args, PyObject* kwargs, PyObject* parsed_args[]) {
  const std::size_t num_args = PyTuple_GET_SIZE(args) + (kwargs != nullptr ? PyDict_Size(kwargs) : 0);
  std::vector<const FunctionSignature*> plausible;
  std::vector<const FunctionSignature*> options;
  for (const FunctionSignature& signature : signatures_) {
    if (signature.hidden) {
      continue;
    }
    options.push_back(&signature);
    if (num_args >= signature.min_args && num_args <= signature.max_args) {
      plausible.push_back(&signature);
    }
  }
  // One signature takes this many arguments: its own error says what is wrong.
  if (plausible.size() == 1) {
    plausible.front()->parse(self, args, kwargs, parsed_args, true);
  }
  throw TypeError(format_invalid_args(args, kwargs, function_name + "()", options));
}

Tensor PythonArgs::tensor(int i) const {
  if (args[i] == nullptr) {
    return Tensor();
  }
  if (THPVariable_Check(args[i])) {
    return THPVariable_Unpack(args[i]);
  }
  return wrappedNumberTensor(args[i]);
}

std::optional<Tensor> PythonArgs::optionalTensor(int i) const {
  if (args[i] == nullptr) {
    return std::nullopt;
  }
  return tensor(i);
}

Scalar PythonArgs::scalar(int i) const {
  PyObject* obj = args[i];
  if (obj == nullptr) {
    const std::string& text = defaultOf(i);
    if (text.find_first_of(".e") != std::string::npos) {
      return Scalar(std::stod(text));
    }
    return Scalar(static_cast<std::int64_t>(std::stoll(text)));
  }
  if (THPVariable_Check(obj)) {
    return Scalar(THPVariable_Unpack(obj).item());
  }
  if (PyBool_Check(obj)) {
    return Scalar(obj == Py_True);
  }
  if (PyLong_Check(obj)) {
    return Scalar(unpackLong(obj));
  }
  return Scalar(PyFloat_AsDouble(obj));
}

std::int64_t PythonArgs::toInt64(int i) const {
  return args[i] == nullptr ? std::stoll(defaultOf(i)) : unpackLong(args[i]);
}

std::optional<std::int64_t> PythonArgs::toInt64Optional(int i) const {
  if (args[i] == nullptr || args[i] == Py_None) {
    return std::nullopt;  // an `int? dim=None`'s only default is None
  }
  return unpackLong(args[i]);
}

double PythonArgs::toDouble(int i) const {
  if (args[i] == nullptr) {
    return std::stod(defaultOf(i));
  }
  if (THPVariable_Check(args[i])) {
    return THPVariable_Unpack(args[i]).item();
  }
  const double value = PyFloat_AsDouble(args[i]);
  if (value == -1.0 && PyErr_Occurred()) {
    throw python_error();
  }
  return value;
}

bool PythonArgs::toBool(int i) const { return args[i] == nullptr ? defaultOf(i) == "True" : args[i] == Py_True; }

std::vector<std::int64_t> PythonArgs::intlist(int i) const {
  std::vector<std::int64_t> values;
  if (args[i] == nullptr) {
    return values;
  }
  if (!PyTuple_Check(args[i]) && !PyList_Check(args[i])) {
    // One int for an IntArrayRef[N]: N copies of it, as 1.13's intlist.
    return std::vector<std::int64_t>(static_cast<std::size_t>(signature.params.at(i).size), unpackLong(args[i]));
  }
  const Py_ssize_t size = PySequence_Fast_GET_SIZE(args[i]);
  for (Py_ssize_t k = 0; k < size; ++k) {
    values.push_back(unpackLong(PySequence_Fast_GET_ITEM(args[i], k)));
  }
  return values;
}

ScalarType PythonArgs::scalartype(int i) const {
  return args[i] == nullptr ? kDefaultFloatType : reinterpret_cast<THPDtype*>(args[i])->scalar_type;
}

ScalarType PythonArgs::inferredScalartype(int dtype, std::initializer_list<int> numbers, bool boolStaysBool,
                                          const char* name) const {
  if (args[dtype] != nullptr) {
    return scalartype(dtype);
  }
  bool allBools = true;
  bool allIntegral = true;
  for (int i : numbers) {
    PyObject* number = args[i];
    if (number == nullptr) {
      continue;  // a default: arange's step=1, an int
    }
    // A 0-d tensor stands for a number of its dtype, as a Scalar made from it.
    const bool isTensor = THPVariable_Check(number);
    const ScalarType tensorType = isTensor ? THPVariable_Unpack(number).dtype() : ScalarType::Double;
    const bool isBool = isTensor ? tensorType == ScalarType::Bool : PyBool_Check(number) != 0;
    const bool isInt = isTensor ? (!isBool && !isFloatingType(tensorType)) : (!isBool && PyLong_Check(number));
    allBools = allBools && isBool;
    allIntegral = allIntegral && (isBool || isInt);
    if (isInt && !isTensor) {
      // This course's factories take their numbers as float (1.13's take a
      // Scalar): an int a double cannot hold exactly would come back as
      // another number, so it is refused instead.
      int overflow = 0;
      const long long value = PyLong_AsLongLongAndOverflow(number, &overflow);
      if (overflow == 0 && (value > (1LL << 53) || value < -(1LL << 53)) &&
          static_cast<long long>(static_cast<double>(value)) != value) {
        PyErr_SetString(PyExc_NotImplementedError,
                        fmt::format("{}() with the int {}, which a double cannot hold exactly, is not in mini_torch, "
                                    "the course's module: its factories take their numbers as float, where 1.13's "
                                    "take a Scalar",
                                    name, value)
                            .c_str());
        throw python_error();
      }
    }
  }
  if (boolStaysBool && allBools) {
    return ScalarType::Bool;
  }
  return allIntegral ? ScalarType::Long : kDefaultFloatType;
}

Device PythonArgs::device(int i) const {
  if (args[i] == nullptr) {
    return kCpu;
  }
  if (THPDevice_Check(args[i])) {
    return reinterpret_cast<THPDevice*>(args[i])->device;
  }
  return parseDevice(PyUnicode_AsUTF8(args[i]));
}

}  // namespace mini::python
