#include "csrc/Exceptions.h"

namespace mini::python {

void translateException() {
  try {
    throw;
  } catch (const python_error&) {
    // Already set by the CPython call that failed.
  } catch (const TypeError& error) {
    PyErr_SetString(PyExc_TypeError, error.what());
  } catch (const std::out_of_range& error) {
    PyErr_SetString(PyExc_IndexError, error.what());
  } catch (const std::exception& error) {
    // c10::Error is RuntimeError in PyTorch; the course's errors are std::
    // exceptions with the same messages, so they arrive the same way.
    PyErr_SetString(PyExc_RuntimeError, error.what());
  } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
  }
}

}  // namespace mini::python
