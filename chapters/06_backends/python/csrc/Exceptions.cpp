#include "csrc/Exceptions.h"

#include <utility>

#include <fmt/format.h>

#include "mini/dispatch/dispatch_depth.h"
#include "mini/util/operator_error.h"
#include "mini/util/warning.h"

namespace mini::python {

/// The fetched exception: three new references, released with the GIL
/// taken, as the last copy of the C++ exception may die on a thread that
/// released it (the engine runs backward without the GIL).
struct python_error::State {
  PyObject* type = nullptr;
  PyObject* value = nullptr;
  PyObject* traceback = nullptr;
  ~State() {
    const PyGILState_STATE gil = PyGILState_Ensure();
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(traceback);
    PyGILState_Release(gil);
  }
};

python_error::python_error() : state_(std::make_shared<State>()), message_("a Python exception") {
  PyErr_Fetch(&state_->type, &state_->value, &state_->traceback);
  if (state_->type == nullptr) {
    return;
  }
  PyErr_NormalizeException(&state_->type, &state_->value, &state_->traceback);
  if (state_->traceback != nullptr && state_->value != nullptr) {
    PyException_SetTraceback(state_->value, state_->traceback);
  }
  // For a C++ reader (a test, gdb): "ValueError: the message".
  if (PyObject* text = state_->value != nullptr ? PyObject_Str(state_->value) : nullptr) {
    if (const char* utf8 = PyUnicode_AsUTF8(text)) {
      message_ = std::string(reinterpret_cast<PyTypeObject*>(state_->type)->tp_name) + ": " + utf8;
    }
    Py_DECREF(text);
  }
  PyErr_Clear();  // whatever making the message raised
}

void python_error::restore() const {
  if (state_->type == nullptr) {
    PyErr_SetString(PyExc_RuntimeError, "a Python call failed without setting an exception");
    return;
  }
  Py_INCREF(state_->type);
  Py_XINCREF(state_->value);
  Py_XINCREF(state_->traceback);
  PyErr_Restore(state_->type, state_->value, state_->traceback);
}

namespace {

thread_local PyWarningHandler* innermostWarningHandler = nullptr;

/// The text Python gets: 1.13's message, without the operator's name that
/// the course's C++ errors put first (mini/util/operator_error.h).
const char* messageOf(const std::exception& error) {
  if (const auto* op_error = dynamic_cast<const OperatorErrorMessage*>(&error)) {
    return op_error->messageWithoutOperator().c_str();
  }
  return error.what();
}

}  // namespace

PyWarningHandler::PyWarningHandler() : enclosing_(std::exchange(innermostWarningHandler, this)) {}

PyWarningHandler::~PyWarningHandler() {
  innermostWarningHandler = enclosing_;
  if (warnings_.empty()) {
    return;
  }
  // A binding that failed may have set its exception already: it is kept
  // aside while the warnings are raised, and set again after them.
  PyObject* type = nullptr;
  PyObject* value = nullptr;
  PyObject* traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  for (const std::string& warning : warnings_) {
    if (PyErr_WarnEx(PyExc_UserWarning, warning.c_str(), 1) != 0) {
      // A filter made it an error, which a destructor cannot raise: Python
      // reports it as unraisable, and the binding's result stands.
      PyErr_WriteUnraisable(nullptr);
    }
  }
  PyErr_Restore(type, value, traceback);
}

void PyWarningHandler::install() {
  setWarningHandler(
      [](const std::string& message) {
        if (innermostWarningHandler != nullptr) {
          innermostWarningHandler->warnings_.push_back(message);
        } else {
          fmt::print(stderr, "Warning: {}\n", message);
        }
      },
      /*withoutOperator=*/true);
}

void translateException() {
  try {
    throw;
  } catch (const python_error& error) {
    error.restore();
  } catch (const TypeError& error) {
    PyErr_SetString(PyExc_TypeError, error.what());
  } catch (const DispatchDepthError& error) {
    PyErr_SetString(PyExc_RecursionError, error.what());
  } catch (const NotImplementedError& error) {
    PyErr_SetString(PyExc_NotImplementedError, error.what());
  } catch (const OperatorNotImplemented& error) {
    PyErr_SetString(PyExc_NotImplementedError, error.messageWithoutOperator().c_str());
  } catch (const std::out_of_range& error) {
    PyErr_SetString(PyExc_IndexError, messageOf(error));
  } catch (const std::exception& error) {
    // c10::Error is RuntimeError in PyTorch; the course's errors are std::
    // exceptions with the same messages, so they arrive the same way.
    PyErr_SetString(PyExc_RuntimeError, messageOf(error));
  } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
  }
}

}  // namespace mini::python
