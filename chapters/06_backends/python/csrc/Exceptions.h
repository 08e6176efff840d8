#pragma once
/// \file
/// \brief C++ exceptions into Python ones at the edge of every binding, as
///        torch/csrc/Exceptions.h's HANDLE_TH_ERRORS does.
///
/// A binding's body runs inside HANDLE_TH_ERRORS ... END_HANDLE_TH_ERRORS:
/// python_error (a Python exception already set) passes through, the
/// parser's TypeError becomes TypeError, std::out_of_range IndexError, and
/// every other std::exception RuntimeError, with the C++ message unchanged.

#include <Python.h>

#include <stdexcept>
#include <string>

namespace mini::python {

/// A Python exception is already set (PyErr_Occurred()): C++ unwinds to the
/// binding's edge, which returns nullptr to Python with it still set.
struct python_error : std::exception {
  const char* what() const noexcept override { return "a Python exception is set"; }
};

/// torch::TypeError: the argument parser's errors.
class TypeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Sets the Python exception that matches the C++ one being handled.
void translateException();

}  // namespace mini::python

#define HANDLE_TH_ERRORS try {
#define END_HANDLE_TH_ERRORS_RET(retval)  \
  }                                       \
  catch (...) {                           \
    ::mini::python::translateException(); \
    return retval;                        \
  }
#define END_HANDLE_TH_ERRORS END_HANDLE_TH_ERRORS_RET(nullptr)
