#include "csrc/utils/python_dispatch.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "csrc/Exceptions.h"
#include "csrc/python_variable.h"
#include "csrc/utils/python_arg_parser.h"
#include "csrc/utils/python_ivalue.h"
#include "csrc/utils/wrap_outputs.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/dispatch_modes/python_fallback_kernel.h"
#include "mini/dispatch_modes/python_tensor_dispatch.h"
#include "mini/dispatch_modes/torch_dispatch_mode.h"
#include "mini/op_registration/library.h"

namespace mini::python {
namespace {

/// The Python callable that makes mini_torch.ops' OpOverload objects from
/// ("aten::add", "Tensor"): what a kernel or a mode receives as `func`.
PyObject* opOverloadFactory = nullptr;

/// Holds the GIL for its scope, from any thread (a kernel runs where the
/// dispatcher calls it, with the GIL released by the binding).
class gil_scoped_acquire {
 public:
  gil_scoped_acquire() : state_(PyGILState_Ensure()) {}
  ~gil_scoped_acquire() { PyGILState_Release(state_); }
  gil_scoped_acquire(const gil_scoped_acquire&) = delete;
  gil_scoped_acquire& operator=(const gil_scoped_acquire&) = delete;

 private:
  PyGILState_STATE state_;
};

/// A new reference, owned.
struct PyRef {
  PyObject* ptr;
  explicit PyRef(PyObject* object) : ptr(object) {
    if (ptr == nullptr) {
      throw python_error();
    }
  }
  ~PyRef() { Py_XDECREF(ptr); }
  PyRef(const PyRef&) = delete;
  PyRef& operator=(const PyRef&) = delete;
};

OperatorHandle findOperator(const char* qualified_name, const char* overload) {
  return Dispatcher::singleton().findSchemaOrThrow(qualified_name, overload);
}

/// The Python exception being raised, taken into a C++ one that crosses
/// the dispatcher's C++ frames; the binding at the top raises it again as
/// it was (a ValueError stays a ValueError), as 1.13's error_already_set.
[[noreturn]] void rethrowPythonError() { throw python_error(); }

/// `func`: the OpOverload of `op`, made by mini_torch.ops.
PyObject* opOverloadOf(const OperatorHandle& op) {
  if (opOverloadFactory == nullptr) {
    throw std::logic_error("mini_torch._C: no OpOverload factory (mini_torch/__init__.py sets it)");
  }
  const FunctionSchema& schema = op.schema();
  PyObject* result = PyObject_CallFunction(opOverloadFactory, "ss", schema.name.c_str(), schema.overload_name.c_str());
  if (result == nullptr) {
    rethrowPythonError();
  }
  return result;
}

/// The call's arguments as 1.13's parseIValuesToPyArgsKwargs splits them:
/// the positional ones up to the last that is not its default, and the
/// keyword-only ones that are not their defaults in kwargs.
std::pair<PyObject*, PyObject*> argsAndKwargs(const FunctionSchema& schema, const Stack& stack) {
  const std::size_t count = schema.arguments.size();
  const std::size_t first = stack.size() - count;
  auto isDefault = [&](std::size_t i) {
    const Argument& argument = schema.arguments[i];
    return argument.default_value.has_value() && defaultValue(argument) == stack[first + i];
  };
  std::size_t positional = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (!schema.arguments[i].kwarg_only && !isDefault(i)) {
      positional = i + 1;
    }
  }
  PyRef args(PyTuple_New(static_cast<Py_ssize_t>(positional)));
  for (std::size_t i = 0; i < positional; ++i) {
    PyTuple_SET_ITEM(args.ptr, i, toPyObject(stack[first + i], schema.arguments[i].type));
  }
  PyRef kwargs(PyDict_New());
  for (std::size_t i = 0; i < count; ++i) {
    if (schema.arguments[i].kwarg_only && !isDefault(i)) {
      PyRef value(toPyObject(stack[first + i], schema.arguments[i].type));
      PyDict_SetItemString(kwargs.ptr, schema.arguments[i].name.c_str(), value.ptr);
    }
  }
  auto pair = std::pair{args.ptr, kwargs.ptr};
  args.ptr = nullptr;
  kwargs.ptr = nullptr;
  return pair;
}

/// A Python function's result onto the stack in place of the arguments.
void pushResults(const FunctionSchema& schema, Stack* stack, PyObject* result) {
  stack->erase(stack->end() - static_cast<std::ptrdiff_t>(schema.arguments.size()), stack->end());
  if (schema.returns.size() == 1) {
    stack->push_back(toIValue(result, schema.returns[0].type, fmt::format("{}'s result", schema.operatorName())));
    return;
  }
  for (std::size_t i = 0; i < schema.returns.size(); ++i) {
    PyObject* item = PyTuple_Check(result) && static_cast<std::size_t>(PyTuple_GET_SIZE(result)) > i
                         ? PyTuple_GET_ITEM(result, i)
                         : Py_None;
    stack->push_back(toIValue(item, schema.returns[i].type, fmt::format("{}'s result {}", schema.operatorName(), i)));
  }
}

/// The boxed call handed to Python: with the GIL, the stack's arguments as
/// (args, kwargs), `call(args, kwargs)` (a new reference, nullptr when it
/// raised), its result back on the stack. What differs between a Python
/// kernel, a mode and a subclass is only `call`.
template <class Call>
void callIntoPython(const OperatorHandle& op, Stack* stack, Call call) {
  gil_scoped_acquire gil;
  const FunctionSchema& schema = op.schema();
  auto [args, kwargs] = argsAndKwargs(schema, *stack);
  PyRef args_ref(args);
  PyRef kwargs_ref(kwargs);
  PyObject* result = call(args_ref.ptr, kwargs_ref.ptr);
  if (result == nullptr) {
    rethrowPythonError();
  }
  PyRef result_ref(result);
  pushResults(schema, stack, result);
}

/// `__torch_dispatch__(func, types, args, kwargs)` of `target` (a mode, or a subclass's class).
PyObject* callTorchDispatch(PyObject* target, PyObject* func, PyObject* types, PyObject* args, PyObject* kwargs) {
  return PyObject_CallMethod(target, "__torch_dispatch__", "OOOO", func, types, args, kwargs);
}

/// The classes of the tensor subclasses among the call's arguments, each
/// once, in argument order (1.13's overloaded_args): a new tuple.
PyObject* subclassTypes(const OperatorHandle& op, const Stack& stack) {
  PyRef types(PyList_New(0));
  for (std::size_t i = stack.size() - op.schema().arguments.size(); i < stack.size(); ++i) {
    PyObject* object =
        stack[i].isTensor() ? THPVariable_wrapperObject(stack[i].toTensor().unsafeGetTensorImpl()) : nullptr;
    if (object != nullptr && PySequence_Contains(types.ptr, (PyObject*)Py_TYPE(object)) == 0) {
      PyList_Append(types.ptr, (PyObject*)Py_TYPE(object));
    }
  }
  return PyList_AsTuple(types.ptr);
}

/// Each subclass's `__torch_dispatch__` in turn, until one returns other
/// than NotImplemented (1.13's handle_torch_function_no_python_arg_parser,
/// after the mode). `mode` is the mode that returned NotImplemented, or
/// nullptr; both only name what was tried when every one declines.
PyObject* callSubclasses(PyObject* func, PyObject* types, PyObject* args, PyObject* kwargs, PyObject* mode) {
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(types); ++i) {
    PyObject* result = callTorchDispatch(PyTuple_GET_ITEM(types, i), func, types, args, kwargs);
    if (result != Py_NotImplemented) {
      return result;  // a result, or nullptr with the exception set
    }
    Py_DECREF(result);
  }
  PyRef module(PyObject_GetAttrString(func, "__module__"));
  PyRef name(PyObject_GetAttrString(func, "__name__"));
  PyRef as_list(PySequence_List(types));
  PyRef listed(PyObject_Repr(as_list.ptr));
  std::string message =
      fmt::format("no implementation found for '{}.{}' on types that implement __torch_dispatch__: {}",
                  PyUnicode_AsUTF8(module.ptr), PyUnicode_AsUTF8(name.ptr), PyUnicode_AsUTF8(listed.ptr));
  if (mode != nullptr) {
    PyRef shown(PyObject_Repr(mode));
    message += fmt::format(" nor was it found on the currently active mode {}", PyUnicode_AsUTF8(shown.ptr));
  }
  throw TypeError(message);
}

/// A kernel written in Python (Library.impl): called with the operator's
/// arguments as Python objects, its result pushed back. A fallback kernel
/// is called with `func` first.
class PythonKernel final : public OperatorKernel {
 public:
  PythonKernel(PyObject* function, bool with_func) : function_(function), with_func_(with_func) {
    Py_INCREF(function_);
  }
  ~PythonKernel() override {
    if (Py_IsInitialized()) {
      gil_scoped_acquire gil;
      Py_DECREF(function_);
    }
  }
  PythonKernel(const PythonKernel&) = delete;
  PythonKernel& operator=(const PythonKernel&) = delete;

  void operator()(const OperatorHandle& op, DispatchKeySet /*keys*/, Stack* stack) {
    callIntoPython(op, stack, [&](PyObject* args, PyObject* kwargs) -> PyObject* {
      if (!with_func_) {
        return PyObject_Call(function_, args, kwargs);
      }
      PyRef func(opOverloadOf(op));
      PyRef prefixed(PyTuple_New(PyTuple_GET_SIZE(args) + 1));
      Py_INCREF(func.ptr);
      PyTuple_SET_ITEM(prefixed.ptr, 0, func.ptr);
      for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args); ++i) {
        Py_INCREF(PyTuple_GET_ITEM(args, i));
        PyTuple_SET_ITEM(prefixed.ptr, i + 1, PyTuple_GET_ITEM(args, i));
      }
      return PyObject_Call(function_, prefixed.ptr, kwargs);
    });
  }

 private:
  PyObject* function_;
  bool with_func_;
};

/// A TorchDispatchMode written in Python: its __torch_dispatch__(func,
/// types, args, kwargs) on the C++ mode stack, reached through the Python
/// key's fallback with the mode stashed, as every mode is.
class PythonMode final : public TorchDispatchMode {
 public:
  explicit PythonMode(PyObject* mode) : mode_(mode) { Py_INCREF(mode_); }
  ~PythonMode() override {
    if (Py_IsInitialized()) {
      gil_scoped_acquire gil;
      Py_DECREF(mode_);
    }
  }
  PythonMode(const PythonMode&) = delete;
  PythonMode& operator=(const PythonMode&) = delete;

  std::string name() const override { return Py_TYPE(mode_)->tp_name; }

  // [python_mode_dispatch]
  /// Runs with this mode stashed (the Python key's fallback took it off the
  /// stack). `types` names the call's tensor subclasses, as 1.13 gives a
  /// mode them too; a mode that returns NotImplemented hands the call to
  /// them, with itself back on the stack, as 1.13's stash ends with the
  /// mode's own call.
  void torchDispatch(const OperatorHandle& op, Stack* stack) override {
    callIntoPython(op, stack, [&](PyObject* args, PyObject* kwargs) -> PyObject* {
      PyRef func(opOverloadOf(op));
      PyRef types(subclassTypes(op, *stack));
      PyObject* result = callTorchDispatch(mode_, func.ptr, types.ptr, args, kwargs);
      if (result != Py_NotImplemented) {
        return result;
      }
      Py_DECREF(result);
      const TorchDispatchModeGuard back(std::make_shared<PythonMode>(mode_));
      return callSubclasses(func.ptr, types.ptr, args, kwargs, mode_);
    });
  }
  // [python_mode_dispatch]

  PyObject* object() const { return mode_; }

 private:
  PyObject* mode_;
};

/// The Python key's hook for tensor subclasses, with no mode on the stack:
/// each subclass among the arguments, in argument order, gets
/// __torch_dispatch__(func, types, args, kwargs) until one does not return
/// NotImplemented; types lists each argument's subclass once.
void pythonTensorDispatch(const OperatorHandle& op, Stack* stack) {
  callIntoPython(op, stack, [&](PyObject* args, PyObject* kwargs) {
    PyRef types(subclassTypes(op, *stack));
    if (PyTuple_GET_SIZE(types.ptr) == 0) {
      throw std::logic_error(
          fmt::format("{} reached the Python key with no dispatch mode and no tensor subclass", op.operatorName()));
    }
    PyRef func(opOverloadOf(op));
    return callSubclasses(func.ptr, types.ptr, args, kwargs, nullptr);
  });
}

}  // namespace

KernelFunction makePythonKernel(PyObject* function) {
  return KernelFunction::makeFromBoxedFunctor(std::make_unique<PythonKernel>(function, false));
}

namespace {

// ------------------------------------------------------------ functions

/// The boxed call's stack from Python's (args, kwargs), checked against the
/// schema as the JIT's matching checks them: a TypeError when they do not
/// fit. Nothing runs yet, so a packet can ask each overload in turn.
Stack stackFromPython(const OperatorHandle& op, PyObject* call_args, PyObject* call_kwargs) {
  const FunctionSchema& schema = op.schema();
  // ops.aten.mul.Tensor(a, 2) as mini_torch.mul(a, 2): a number for a Tensor.
  const ToIValueAllowNumbersAsTensors numbers(schema.name.starts_with("aten::") &&
                                              should_allow_numbers_as_tensors(schema.name.substr(6)));
  const auto given = static_cast<std::size_t>(PyTuple_GET_SIZE(call_args));
  if (given > schema.arguments.size()) {
    throw TypeError(fmt::format("{}() takes {} arguments but {} were given", schema.operatorName(),
                                schema.arguments.size(), given));
  }
  Stack stack;
  Py_ssize_t used_kwargs = 0;
  for (std::size_t i = 0; i < schema.arguments.size(); ++i) {
    const Argument& argument = schema.arguments[i];
    const std::string what = fmt::format("{}(): argument '{}'", schema.operatorName(), argument.name);
    PyObject* obj =
        i < given ? PyTuple_GET_ITEM(call_args, i) : PyDict_GetItemString(call_kwargs, argument.name.c_str());
    if (i >= given && obj != nullptr) {
      ++used_kwargs;
    }
    if (obj != nullptr) {
      stack.push_back(toIValue(obj, argument.type, what));
    } else if (argument.default_value) {
      stack.push_back(defaultValue(argument));
    } else {
      throw TypeError(fmt::format("{}() missing value for argument '{}'", schema.operatorName(), argument.name));
    }
  }
  if (used_kwargs != PyDict_Size(call_kwargs)) {
    throw TypeError(fmt::format("{}() got an unexpected keyword argument", schema.operatorName()));
  }
  return stack;
}

/// ("aten::add", "Tensor", args, kwargs): what _dispatch_args_fit and
/// _dispatch_call_boxed are given.
struct BoxedCall {
  const char* name = nullptr;
  const char* overload = nullptr;
  PyObject* args = nullptr;
  PyObject* kwargs = nullptr;
};

bool parseBoxedCall(PyObject* args, BoxedCall& call) {
  return PyArg_ParseTuple(args, "ssO!O!", &call.name, &call.overload, &PyTuple_Type, &call.args, &PyDict_Type,
                          &call.kwargs) != 0;
}

/// _dispatch_args_fit("aten::add", "Tensor", args, kwargs): None when the
/// arguments fit the overload's schema, else why not. An OpOverloadPacket
/// picks its overload with this before calling it, as 1.13 asks the JIT's
/// schema matching: an error the chosen kernel raises then reaches the
/// caller as it was raised, never as "no overload takes these arguments".
PyObject* dispatch_args_fit(PyObject* /*module*/, PyObject* args) {
  HANDLE_TH_ERRORS
  BoxedCall call;
  if (!parseBoxedCall(args, call)) {
    return nullptr;
  }
  try {
    stackFromPython(findOperator(call.name, call.overload), call.args, call.kwargs);
  } catch (const TypeError& error) {
    return PyUnicode_FromString(error.what());
  }
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

/// _dispatch_call_boxed("aten::add", "Tensor", args, kwargs): the operator
/// called through the dispatcher, boxed, as torch.ops' OpOverload calls it.
PyObject* dispatch_call_boxed(PyObject* /*module*/, PyObject* args) {
  HANDLE_TH_ERRORS
  BoxedCall call;
  if (!parseBoxedCall(args, call)) {
    return nullptr;
  }
  const OperatorHandle op = findOperator(call.name, call.overload);
  Stack stack = stackFromPython(op, call.args, call.kwargs);
  {
    gil_scoped_release no_gil;
    op.callBoxed(&stack);
  }
  if (stack.size() == 1) {
    return toPyObject(stack[0]);
  }
  if (stack.empty()) {
    Py_RETURN_NONE;  // an operator that returns nothing, `-> ()`, as in 1.13
  }
  PyRef results(PyTuple_New(static_cast<Py_ssize_t>(stack.size())));
  for (std::size_t i = 0; i < stack.size(); ++i) {
    PyTuple_SET_ITEM(results.ptr, i, toPyObject(stack[i]));
  }
  Py_INCREF(results.ptr);
  return results.ptr;
  END_HANDLE_TH_ERRORS
}

/// _dispatch_schema("aten::add", "Tensor"): the schema as the dispatcher prints it.
PyObject* dispatch_schema(PyObject* /*module*/, PyObject* args) {
  HANDLE_TH_ERRORS
  const char* name = nullptr;
  const char* overload = nullptr;
  if (!PyArg_ParseTuple(args, "ss", &name, &overload)) {
    return nullptr;
  }
  return PyUnicode_FromString(findOperator(name, overload).schema().toString().c_str());
  END_HANDLE_TH_ERRORS
}

/// _dispatch_overload_names("aten::add"): ["Tensor", "out"]; "" is the
/// overload with no name. Empty when no such operator is registered.
PyObject* dispatch_overload_names(PyObject* /*module*/, PyObject* name_obj) {
  HANDLE_TH_ERRORS
  if (!PyUnicode_Check(name_obj)) {
    throw TypeError("_dispatch_overload_names takes an operator's qualified name");
  }
  const std::string name = PyUnicode_AsUTF8(name_obj);
  PyRef names(PyList_New(0));
  for (const std::string& full : Dispatcher::singleton().allOperatorNames()) {
    const auto dot = full.find('.');
    if (full.substr(0, dot) != name) {
      continue;
    }
    const std::optional<OperatorHandle> op = Dispatcher::singleton().findOp(full);
    if (!op || !op->hasSchema()) {
      continue;
    }
    PyRef overload(PyUnicode_FromString(dot == std::string::npos ? "" : full.substr(dot + 1).c_str()));
    PyList_Append(names.ptr, overload.ptr);
  }
  Py_INCREF(names.ptr);
  return names.ptr;
  END_HANDLE_TH_ERRORS
}

PyObject* set_op_overload_factory(PyObject* /*module*/, PyObject* factory) {
  Py_INCREF(factory);
  Py_XSETREF(opOverloadFactory, factory);
  Py_RETURN_NONE;
}

PyObject* push_python_mode(PyObject* /*module*/, PyObject* mode) {
  HANDLE_TH_ERRORS
  TorchDispatchModeTLS::push_onto_stack(std::make_shared<PythonMode>(mode));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

/// Takes the top mode off and returns its Python object.
PyObject* pop_python_mode(PyObject* /*module*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  const std::shared_ptr<TorchDispatchMode> mode = TorchDispatchModeTLS::pop_stack();
  const auto* python_mode = dynamic_cast<const PythonMode*>(mode.get());
  if (python_mode == nullptr) {
    Py_RETURN_NONE;
  }
  Py_INCREF(python_mode->object());
  return python_mode->object();
  END_HANDLE_TH_ERRORS
}

/// _RestorePythonTLSSnapshot(): this thread's keys as they were when the
/// call in flight entered the dispatcher, for as long as the returned object
/// lives (1.13's class of that name, which torch.overrides'
/// enable_reentrant_dispatch holds); mini_torch.overrides holds it the same way.
PyObject* restore_python_tls_snapshot(PyObject* /*module*/, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  static constexpr const char* kName = "mini_torch._C._RestorePythonTLSSnapshot";
  auto guard = std::make_unique<RestorePythonTLSSnapshot>();
  PyObject* capsule = PyCapsule_New(guard.get(), kName, [](PyObject* object) {
    delete static_cast<RestorePythonTLSSnapshot*>(PyCapsule_GetPointer(object, kName));
  });
  if (capsule == nullptr) {
    throw python_error();
  }
  guard.release();
  return capsule;
  END_HANDLE_TH_ERRORS
}

PyObject* mode_stack_len(PyObject* /*module*/, PyObject* /*unused*/) {
  return PyLong_FromSize_t(TorchDispatchModeTLS::stack_len());
}

// ------------------------------------------------------------ _DispatchLibrary

struct THPDispatchLibrary {
  PyObject_HEAD Library* library;
};

Library& libraryOf(PyObject* self) {
  Library* library = reinterpret_cast<THPDispatchLibrary*>(self)->library;
  if (library == nullptr) {
    throw std::runtime_error("this Library has been closed");
  }
  return *library;
}

/// The Python caller's file and line, for the registration's debug string
/// (PyTorch's torch.library passes them the same way).
SourceSite callerSite() {
  static thread_local std::string file;
  PyFrameObject* frame = PyEval_GetFrame();
  if (frame == nullptr) {
    return SourceSite{"<python>", 0};
  }
  PyCodeObject* code = PyFrame_GetCode(frame);
  file = PyUnicode_AsUTF8(code->co_filename);
  Py_DECREF(code);
  return SourceSite{file.c_str(), PyFrame_GetLineNumber(frame)};
}

/// _DispatchLibrary(kind, ns, key): "DEF", "IMPL" or "FRAGMENT"; key "" for none.
PyObject* THPDispatchLibrary_pynew(PyTypeObject* type, PyObject* args, PyObject* /*kwargs*/) {
  HANDLE_TH_ERRORS
  const char* kind = nullptr;
  const char* ns = nullptr;
  const char* key = nullptr;
  if (!PyArg_ParseTuple(args, "sss", &kind, &ns, &key)) {
    return nullptr;
  }
  const std::string kind_str = kind;
  Library::Kind library_kind = Library::FRAGMENT;
  if (kind_str == "DEF") {
    library_kind = Library::DEF;
  } else if (kind_str == "IMPL") {
    library_kind = Library::IMPL;
  } else if (kind_str != "FRAGMENT") {
    throw std::invalid_argument(fmt::format("Unknown library kind {}: DEF, IMPL or FRAGMENT", kind_str));
  }
  std::optional<DispatchKey> dispatch_key;
  if (*key != '\0') {
    dispatch_key = parseDispatchKey(key);
  }
  auto library = std::make_unique<Library>(library_kind, ns, dispatch_key, callerSite());
  PyObject* self = type->tp_alloc(type, 0);
  if (self != nullptr) {
    reinterpret_cast<THPDispatchLibrary*>(self)->library = library.release();
  }
  return self;
  END_HANDLE_TH_ERRORS
}

void closeLibrary(PyObject* self) {
  auto* object = reinterpret_cast<THPDispatchLibrary*>(self);
  delete std::exchange(object->library, nullptr);
}

void THPDispatchLibrary_dealloc(PyObject* self) {
  closeLibrary(self);
  Py_TYPE(self)->tp_free(self);
}

PyObject* THPDispatchLibrary_define(PyObject* self, PyObject* schema) {
  HANDLE_TH_ERRORS
  if (!PyUnicode_Check(schema)) {
    throw TypeError("define() takes a schema string");
  }
  libraryOf(self).def(PyUnicode_AsUTF8(schema), callerSite());
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

/// impl(name, key, function): key "" for the library's own.
PyObject* THPDispatchLibrary_impl(PyObject* self, PyObject* args) {
  HANDLE_TH_ERRORS
  const char* name = nullptr;
  const char* key = nullptr;
  PyObject* function = nullptr;
  if (!PyArg_ParseTuple(args, "ssO", &name, &key, &function)) {
    return nullptr;
  }
  if (!PyCallable_Check(function)) {
    throw TypeError("impl() takes a callable kernel");
  }
  std::optional<DispatchKey> dispatch_key;
  if (*key != '\0') {
    try {
      dispatch_key = parseDispatchKey(key);
    } catch (const std::exception&) {
      // 1.13's words from Python (c10::parseDispatchKey); the course's C++
      // lists the keys it knows.
      throw std::runtime_error(fmt::format("could not parse dispatch key: {}", key));
    }
  }
  libraryOf(self).impl(name, dispatch_key, makePythonKernel(function), callerSite());
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

/// fallback(function): function(func, *args, **kwargs) for every operator on the library's key.
PyObject* THPDispatchLibrary_fallback(PyObject* self, PyObject* function) {
  HANDLE_TH_ERRORS
  if (!PyCallable_Check(function)) {
    throw TypeError("fallback() takes a callable kernel");
  }
  libraryOf(self).fallback(KernelFunction::makeFromBoxedFunctor(std::make_unique<PythonKernel>(function, true)),
                           callerSite());
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyObject* THPDispatchLibrary_close(PyObject* self, PyObject* /*unused*/) {
  closeLibrary(self);
  Py_RETURN_NONE;
}

PyMethodDef THPDispatchLibrary_methods[] = {
    {"define", THPDispatchLibrary_define, METH_O, nullptr},
    {"impl", THPDispatchLibrary_impl, METH_VARARGS, nullptr},
    {"fallback", THPDispatchLibrary_fallback, METH_O, nullptr},
    {"close", THPDispatchLibrary_close, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyTypeObject THPDispatchLibraryType = {
    .ob_base = PyVarObject_HEAD_INIT(nullptr, 0).tp_name = "mini_torch._C._DispatchLibrary",
    .tp_basicsize = sizeof(THPDispatchLibrary),
    .tp_dealloc = THPDispatchLibrary_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A mini::Library: its registrations last until close() or the object's end.",
    .tp_methods = THPDispatchLibrary_methods,
    .tp_new = THPDispatchLibrary_pynew,
};

PyMethodDef dispatch_methods[] = {
    {"_dispatch_call_boxed", dispatch_call_boxed, METH_VARARGS, nullptr},
    {"_dispatch_args_fit", dispatch_args_fit, METH_VARARGS, nullptr},
    {"_dispatch_schema", dispatch_schema, METH_VARARGS, nullptr},
    {"_dispatch_overload_names", dispatch_overload_names, METH_O, nullptr},
    {"_set_op_overload_factory", set_op_overload_factory, METH_O, nullptr},
    {"_push_python_mode", push_python_mode, METH_O, nullptr},
    {"_pop_python_mode", pop_python_mode, METH_NOARGS, nullptr},
    {"_mode_stack_len", mode_stack_len, METH_NOARGS, nullptr},
    {"_RestorePythonTLSSnapshot", restore_python_tls_snapshot, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void initDispatchBindings(PyObject* module) {
  if (PyModule_AddFunctions(module, dispatch_methods) < 0 || PyType_Ready(&THPDispatchLibraryType) < 0) {
    return;
  }
  PyModule_AddObjectRef(module, "_DispatchLibrary", (PyObject*)&THPDispatchLibraryType);
  setPythonTensorDispatchHook(&pythonTensorDispatch);
}

}  // namespace mini::python
