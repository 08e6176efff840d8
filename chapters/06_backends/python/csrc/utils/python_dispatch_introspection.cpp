// The dispatcher's state from Python, as 1.13's torch._C shows it
// (torch/csrc/utils/python_dispatch.cpp): an operator's registrations
// (_dispatch_dump) and computed table (_dispatch_dump_table), the invariant
// checks, which operators have a kernel on a key, a tensor's key set and
// this thread's included and excluded keys. Each answers in 1.13's text.
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "csrc/Exceptions.h"
#include "csrc/python_variable.h"
#include "csrc/utils/python_dispatch.h"
#include "mini/core/local_dispatch_key_set.h"
#include "mini/dispatch/dispatcher.h"

namespace mini::python {
namespace {

// ------------------------------------------------------------ DispatchKeySet

/// torch._C.DispatchKeySet, as far as reading one goes: repr and has().
struct THPDispatchKeySet {
  PyObject_HEAD DispatchKeySet keys;
};

PyTypeObject THPDispatchKeySetType = {
    .ob_base = PyVarObject_HEAD_INIT(nullptr, 0).tp_name = "mini_torch._C.DispatchKeySet",
    .tp_basicsize = sizeof(THPDispatchKeySet),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A set of dispatch keys, as a tensor or this thread holds them.",
};

PyObject* wrapKeySet(DispatchKeySet keys) {
  PyObject* self = THPDispatchKeySetType.tp_alloc(&THPDispatchKeySetType, 0);
  if (self != nullptr) {
    reinterpret_cast<THPDispatchKeySet*>(self)->keys = keys;
  }
  return self;
}

/// A key from Python: its name ("CPU"), or anything whose `name` is one (an enum member).
DispatchKey keyFromPython(PyObject* object) {
  PyObject* name = PyUnicode_Check(object) ? (Py_INCREF(object), object) : PyObject_GetAttrString(object, "name");
  if (name == nullptr || !PyUnicode_Check(name)) {
    Py_XDECREF(name);
    PyErr_Clear();
    throw TypeError("expected a dispatch key's name, such as 'CPU'");
  }
  const std::string text = PyUnicode_AsUTF8(name);
  Py_DECREF(name);
  try {
    return parseDispatchKey(text);
  } catch (const std::invalid_argument&) {
    throw std::runtime_error(fmt::format("could not parse dispatch key: {}", text));
  }
}

/// Its keys, as 1.13's repr lists them. The course's C++ formatter also
/// shows a backend bit no key uses ("CPUBit", left behind when a per-backend
/// key is removed: c10 clears only functionality bits); 1.13 prints nothing
/// for it, and neither does this.
PyObject* keyset_repr(PyObject* self) {
  const DispatchKeySet keys = reinterpret_cast<THPDispatchKeySet*>(self)->keys;
  return PyUnicode_FromString(fmt::format("DispatchKeySet({})", fmt::join(keys.keys(), ", ")).c_str());
}

PyObject* keyset_has(PyObject* self, PyObject* key) {
  HANDLE_TH_ERRORS
  return PyBool_FromLong(static_cast<long>(reinterpret_cast<THPDispatchKeySet*>(self)->keys.has(keyFromPython(key))));
  END_HANDLE_TH_ERRORS
}

PyMethodDef keyset_methods[] = {
    {"has", keyset_has, METH_O, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

// ------------------------------------------------------------ functions

/// The operator named `test::foo` or `test::foo.overload`, def()'d or not.
std::optional<OperatorHandle> findOp(PyObject* name) {
  if (!PyUnicode_Check(name)) {
    throw TypeError("expected an operator's name, such as 'aten::add.Tensor'");
  }
  return Dispatcher::singleton().findOp(PyUnicode_AsUTF8(name));
}

OperatorHandle findOpOrThrow(PyObject* name) {
  std::optional<OperatorHandle> op = findOp(name);
  if (!op) {
    throw std::runtime_error(fmt::format("operator {} does not exist", PyUnicode_AsUTF8(name)));
  }
  return *op;
}

PyObject* toPyString(const std::string& text) { return PyUnicode_FromStringAndSize(text.data(), text.size()); }

PyObject* toPyList(const std::vector<std::string>& items) {
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(items.size()));
  for (std::size_t i = 0; list != nullptr && i < items.size(); ++i) {
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), toPyString(items[i]));
  }
  return list;
}

/// _dispatch_dump(name): the registrations; "" for an operator nobody registered.
PyObject* dispatch_dump(PyObject* /*module*/, PyObject* name) {
  HANDLE_TH_ERRORS
  const std::optional<OperatorHandle> op = findOp(name);
  return toPyString(op ? op->dumpState() : "");
  END_HANDLE_TH_ERRORS
}

/// _dispatch_dump_table(name): the computed table, one line per valid slot.
PyObject* dispatch_dump_table(PyObject* /*module*/, PyObject* name) {
  HANDLE_TH_ERRORS
  const std::optional<OperatorHandle> op = findOp(name);
  return toPyString(op ? op->dumpComputedTable() : "");
  END_HANDLE_TH_ERRORS
}

PyObject* dispatch_check_invariants(PyObject* /*module*/, PyObject* name) {
  HANDLE_TH_ERRORS
  if (const std::optional<OperatorHandle> op = findOp(name)) {
    op->entry().checkInvariants();
  }
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyObject* dispatch_check_all_invariants(PyObject* /*module*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  Dispatcher::singleton().checkInvariants();
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

/// _dispatch_has_kernel(name): whether anything (a def or an impl) is registered.
PyObject* dispatch_has_kernel(PyObject* /*module*/, PyObject* name) {
  HANDLE_TH_ERRORS
  return PyBool_FromLong(static_cast<long>(findOp(name).has_value()));
  END_HANDLE_TH_ERRORS
}

/// The (name, key) arguments of the two per-key questions: the operator,
/// which must exist, and the key. False when they do not parse.
bool parseOpAndKey(PyObject* args, std::optional<OperatorHandle>& op, DispatchKey& key) {
  PyObject* name = nullptr;
  PyObject* key_object = nullptr;
  if (!PyArg_ParseTuple(args, "OO", &name, &key_object)) {
    return false;
  }
  op = findOpOrThrow(name);
  key = keyFromPython(key_object);
  return true;
}

/// _dispatch_has_kernel_for_dispatch_key(name, key): a kernel on the key itself.
PyObject* dispatch_has_kernel_for_dispatch_key(PyObject* /*module*/, PyObject* args) {
  HANDLE_TH_ERRORS
  std::optional<OperatorHandle> op;
  DispatchKey key = DispatchKey::Undefined;
  if (!parseOpAndKey(args, op, key)) {
    return nullptr;
  }
  return PyBool_FromLong(static_cast<long>(op->entry().hasKernelForDispatchKey(key)));
  END_HANDLE_TH_ERRORS
}

/// _dispatch_has_computed_kernel_for_dispatch_key(name, key): the runtime key's slot is filled.
PyObject* dispatch_has_computed_kernel_for_dispatch_key(PyObject* /*module*/, PyObject* args) {
  HANDLE_TH_ERRORS
  std::optional<OperatorHandle> op;
  DispatchKey key = DispatchKey::Undefined;
  if (!parseOpAndKey(args, op, key)) {
    return nullptr;
  }
  if (isAliasDispatchKey(key)) {
    throw std::runtime_error("Alias keys do not have runtime kernel registrations.");
  }
  return PyBool_FromLong(
      static_cast<long>(op->entry().dispatchTable().slots[getDispatchTableIndexForDispatchKey(key)].isValid()));
  END_HANDLE_TH_ERRORS
}

/// _dispatch_find_dangling_impls(): the dump of each operator with impls and no def.
PyObject* dispatch_find_dangling_impls(PyObject* /*module*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  std::vector<std::string> states;
  for (const OperatorHandle& op : Dispatcher::singleton().findDanglingImpls()) {
    states.push_back(op.dumpState());
  }
  return toPyList(states);
  END_HANDLE_TH_ERRORS
}

/// The optional key argument of the two registration queries: "" for every operator.
bool parseOptionalKey(PyObject* args, PyObject* kwargs, std::optional<DispatchKey>& key) {
  static const char* names[] = {"dispatch_key", nullptr};
  const char* text = "";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|s", const_cast<char**>(names), &text)) {
    return false;
  }
  if (*text != '\0') {
    PyObject* name = PyUnicode_FromString(text);
    try {
      key = keyFromPython(name);
    } catch (...) {
      Py_DECREF(name);
      throw;
    }
    Py_DECREF(name);
  }
  return true;
}

PyObject* dispatch_get_registrations_for_dispatch_key(PyObject* /*module*/, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  std::optional<DispatchKey> key;
  if (!parseOptionalKey(args, kwargs, key)) {
    return nullptr;
  }
  return toPyList(Dispatcher::singleton().getRegistrationsForDispatchKey(key));
  END_HANDLE_TH_ERRORS
}

/// One name a line. 1.13 writes to C++'s std::cout; this writes to
/// sys.stdout, so that Python's redirect_stdout sees it too.
PyObject* dispatch_print_registrations_for_dispatch_key(PyObject* /*module*/, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  std::optional<DispatchKey> key;
  if (!parseOptionalKey(args, kwargs, key)) {
    return nullptr;
  }
  PyObject* out = PySys_GetObject("stdout");  // borrowed
  for (const std::string& name : Dispatcher::singleton().getRegistrationsForDispatchKey(key)) {
    PyObject* written = PyObject_CallMethod(out, "write", "s", (name + "\n").c_str());
    if (written == nullptr) {
      return nullptr;
    }
    Py_DECREF(written);
  }
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyObject* dispatch_has_backend_fallback(PyObject* /*module*/, PyObject* key) {
  HANDLE_TH_ERRORS
  return PyBool_FromLong(static_cast<long>(Dispatcher::singleton().backendFallback(keyFromPython(key)) != nullptr));
  END_HANDLE_TH_ERRORS
}

/// _dispatch_keys(tensor): the tensor's own key set, before this thread's sets apply.
PyObject* dispatch_keys(PyObject* /*module*/, PyObject* tensor) {
  HANDLE_TH_ERRORS
  if (!THPVariable_Check(tensor)) {
    throw TypeError("_dispatch_keys(): expected a Tensor");
  }
  return wrapKeySet(THPVariable_Unpack(tensor).keySet());
  END_HANDLE_TH_ERRORS
}

PyObject* dispatch_tls_local_include_set(PyObject* /*module*/, PyObject* /*unused*/) {
  return wrapKeySet(localDispatchKeySet().included);
}

PyObject* dispatch_tls_local_exclude_set(PyObject* /*module*/, PyObject* /*unused*/) {
  return wrapKeySet(localDispatchKeySet().excluded);
}

PyObject* dispatch_tls_is_dispatch_key_excluded(PyObject* /*module*/, PyObject* key) {
  HANDLE_TH_ERRORS
  return PyBool_FromLong(static_cast<long>(localDispatchKeySet().excluded.has(keyFromPython(key))));
  END_HANDLE_TH_ERRORS
}

/// _dispatch_tls_set_dispatch_key_excluded(key, excluded): no guard, the
/// thread's set changed until set back, as c10::impl::tls_set_dispatch_key_excluded.
PyObject* dispatch_tls_set_dispatch_key_excluded(PyObject* /*module*/, PyObject* args) {
  HANDLE_TH_ERRORS
  PyObject* key = nullptr;
  PyObject* flag = nullptr;
  // A bool, as pybind's caster takes it: "yes" is a TypeError, not true.
  if (!PyArg_ParseTuple(args, "OO!", &key, &PyBool_Type, &flag)) {
    return nullptr;
  }
  const bool excluded = flag == Py_True;
  LocalDispatchKeySet state = localDispatchKeySet();
  const DispatchKeySet keys{keyFromPython(key)};
  // c10's add and remove: a per-backend key's backend bit stays behind on removal.
  state.excluded = excluded ? state.excluded | keys : state.excluded - keys;
  setLocalDispatchKeySet(state);
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyMethodDef introspection_functions[] = {
    {"_dispatch_dump", dispatch_dump, METH_O, nullptr},
    {"_dispatch_dump_table", dispatch_dump_table, METH_O, nullptr},
    {"_dispatch_check_invariants", dispatch_check_invariants, METH_O, nullptr},
    {"_dispatch_check_all_invariants", dispatch_check_all_invariants, METH_NOARGS, nullptr},
    {"_dispatch_has_kernel", dispatch_has_kernel, METH_O, nullptr},
    {"_dispatch_has_kernel_for_dispatch_key", dispatch_has_kernel_for_dispatch_key, METH_VARARGS, nullptr},
    {"_dispatch_has_computed_kernel_for_dispatch_key", dispatch_has_computed_kernel_for_dispatch_key, METH_VARARGS,
     nullptr},
    {"_dispatch_find_dangling_impls", dispatch_find_dangling_impls, METH_NOARGS, nullptr},
    {"_dispatch_get_registrations_for_dispatch_key",
     (PyCFunction)(void (*)())dispatch_get_registrations_for_dispatch_key, METH_VARARGS | METH_KEYWORDS, nullptr},
    {"_dispatch_print_registrations_for_dispatch_key",
     (PyCFunction)(void (*)())dispatch_print_registrations_for_dispatch_key, METH_VARARGS | METH_KEYWORDS, nullptr},
    {"_dispatch_has_backend_fallback", dispatch_has_backend_fallback, METH_O, nullptr},
    {"_dispatch_keys", dispatch_keys, METH_O, nullptr},
    {"_dispatch_tls_local_include_set", dispatch_tls_local_include_set, METH_NOARGS, nullptr},
    {"_dispatch_tls_local_exclude_set", dispatch_tls_local_exclude_set, METH_NOARGS, nullptr},
    {"_dispatch_tls_is_dispatch_key_excluded", dispatch_tls_is_dispatch_key_excluded, METH_O, nullptr},
    {"_dispatch_tls_set_dispatch_key_excluded", dispatch_tls_set_dispatch_key_excluded, METH_VARARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void initDispatchIntrospectionBindings(PyObject* module) {
  THPDispatchKeySetType.tp_repr = keyset_repr;
  THPDispatchKeySetType.tp_methods = keyset_methods;
  if (PyType_Ready(&THPDispatchKeySetType) < 0 || PyModule_AddFunctions(module, introspection_functions) < 0) {
    return;
  }
  PyModule_AddObjectRef(module, "DispatchKeySet", (PyObject*)&THPDispatchKeySetType);
}

}  // namespace mini::python
