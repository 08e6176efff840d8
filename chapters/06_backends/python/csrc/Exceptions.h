#pragma once
/// \file
/// \brief C++ exceptions into Python ones at the edge of every binding, as
///        torch/csrc/Exceptions.h's HANDLE_TH_ERRORS does.
///
/// A binding's body runs inside HANDLE_TH_ERRORS ... END_HANDLE_TH_ERRORS:
/// python_error (a Python exception crossing C++) is raised again, the
/// parser's TypeError becomes TypeError, std::out_of_range IndexError, and
/// every other std::exception RuntimeError, with the C++ message, less the
/// operator's name an OperatorError puts first (1.13's messages have none).

#include <Python.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace mini::python {

/// A Python exception crossing C++: pybind11's error_already_set, which
/// 1.13's bindings throw when Python code they called raised. Made with the
/// GIL held right after the failing CPython call, it takes the exception out
/// of the interpreter (PyErr_Fetch) and keeps it, so that it crosses the
/// dispatcher's C++ frames (other Python calls may run meanwhile, on this
/// thread or another), and the binding at the top raises that very object
/// again: a ValueError in a Python kernel reaches the caller as that
/// ValueError, with its traceback.
class python_error : public std::exception {
 public:
  python_error();
  const char* what() const noexcept override { return message_.c_str(); }
  /// Raises the kept exception in Python again (PyErr_Restore); a
  /// python_error made when no exception was set raises a RuntimeError.
  void restore() const;

 private:
  struct State;
  std::shared_ptr<State> state_;
  std::string message_;
};

/// torch::TypeError: the argument parser's errors.
class TypeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Sets the Python exception that matches the C++ one being handled.
void translateException();

/// torch::PyWarningHandler: while a binding runs, the warnings its C++ code
/// raises (mini::warn, TORCH_WARN's counterpart) are kept, and raised as
/// Python UserWarnings when the binding is done, with the GIL held again,
/// so that Python's `warnings` filters see them. One per HANDLE_TH_ERRORS;
/// they nest as bindings call Python that calls bindings. A warning raised
/// on a thread running no binding still goes to stderr.
class PyWarningHandler {
 public:
  PyWarningHandler();
  ~PyWarningHandler();
  PyWarningHandler(const PyWarningHandler&) = delete;
  PyWarningHandler& operator=(const PyWarningHandler&) = delete;

  /// Routes mini::warn to the handler of the calling thread's innermost
  /// binding; the module calls it once, when imported.
  static void install();

 private:
  std::vector<std::string> warnings_;
  PyWarningHandler* enclosing_;
};

}  // namespace mini::python

#define HANDLE_TH_ERRORS \
  try {                  \
    ::mini::python::PyWarningHandler mini_warning_buffer_;
#define END_HANDLE_TH_ERRORS_RET(retval)  \
  }                                       \
  catch (...) {                           \
    ::mini::python::translateException(); \
    return retval;                        \
  }
#define END_HANDLE_TH_ERRORS END_HANDLE_TH_ERRORS_RET(nullptr)
