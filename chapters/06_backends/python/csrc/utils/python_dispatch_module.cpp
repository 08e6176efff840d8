// _dispatch_library(kind, name, dispatch, file, linenum) and the
// _DispatchModule it returns: 1.13's binding of torch::Library, which
// test_dispatch.py and PythonDispatcher register through.
//
// The module registers with the Dispatcher directly, not through
// mini::Library, for two reasons of 1.13's: its test kernels carry a debug
// string of their own (`impl_t_t`, `fn_CPU`) where mini::Library always
// writes "registered at file:line", and its errors name TORCH_LIBRARY
// blocks, which are what a Python user wrote. The checks are torch::Library's
// (aten/src/ATen/core/library.cpp), in its words.
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "csrc/Exceptions.h"
#include "csrc/utils/python_dispatch.h"
#include "mini/core/alias_keys.h"
#include "mini/dispatch/dispatcher.h"
#include "mini/op_registration/cpp_function.h"
#include "mini/op_registration/schema_parser.h"

namespace mini::python {
namespace {

enum class LibraryKind { DEF, IMPL, FRAGMENT };

const char* toString(LibraryKind kind) {
  switch (kind) {
    case LibraryKind::DEF: return "TORCH_LIBRARY";
    case LibraryKind::IMPL: return "TORCH_LIBRARY_IMPL";
    case LibraryKind::FRAGMENT: return "TORCH_LIBRARY_FRAGMENT";
  }
  return "(unknown)";
}

/// c10::parseDispatchKey's refusal, in its words; "" is no key.
std::optional<DispatchKey> parseKey(const char* name) {
  if (*name == '\0') {
    return std::nullopt;
  }
  DispatchKey key{};
  try {
    key = parseDispatchKey(name);
  } catch (const std::invalid_argument&) {
    throw std::runtime_error(fmt::format("could not parse dispatch key: {}", name));
  }
  // "Undefined" is c10's CatchAll, which torch::Library and torch::dispatch
  // take for no key at all: an IMPL block on it has none, and its fallback
  // is refused as a keyless block's is.
  if (key == DispatchKey::Undefined) {
    return std::nullopt;
  }
  return key;
}

/// parseAliasAnalysisKind: "" is FROM_SCHEMA, as torch::schema(str) says.
AliasAnalysisKind parseAliasAnalysisKind(const std::string& name) {
  if (name.empty() || name == "FROM_SCHEMA") {
    return AliasAnalysisKind::FROM_SCHEMA;
  }
  if (name == "CONSERVATIVE") {
    return AliasAnalysisKind::CONSERVATIVE;
  }
  if (name == "PURE_FUNCTION") {
    return AliasAnalysisKind::PURE_FUNCTION;
  }
  throw std::runtime_error(fmt::format("could not parse {}", name));
}

/// One torch::Library: its kind, namespace and key, where it was made, and
/// what it registered, undone when the Python object goes.
class DispatchModule {
 public:
  DispatchModule(LibraryKind kind, std::string ns, std::optional<DispatchKey> key, unsigned line)
      : kind_(kind), ns_(ns == "_" ? std::nullopt : std::optional(std::move(ns))), key_(key), line_(line) {
    if (kind_ != LibraryKind::IMPL && !ns_) {
      throw std::runtime_error(
          fmt::format("{}: cannot define {} with the wildcard namespace _ (every {} defines operators for a distinct "
                      "namespace!) Did you mean to use TORCH_LIBRARY_IMPL instead?  {}",
                      toString(kind_), toString(kind_), toString(kind_), errorContext()));
    }
    if (kind_ == LibraryKind::DEF) {
      registrars_.push_back(Dispatcher::singleton().registerLibrary(*ns_, debugString()));
    }
  }
  ~DispatchModule() {
    // The newest first, as mini::Library undoes them.
    while (!registrars_.empty()) {
      registrars_.pop_back();
    }
  }
  DispatchModule(const DispatchModule&) = delete;
  DispatchModule& operator=(const DispatchModule&) = delete;

  /// def(schema) with an alias analysis kind (nullopt: none given,
  /// def_legacy). Returns the operator's name, namespace and overload.
  std::string def(FunctionSchema schema, std::optional<AliasAnalysisKind> alias) {
    qualifySchema(schema);
    std::string name = schema.operatorName();
    registrars_.push_back(Dispatcher::singleton().registerDef(std::move(schema), debugString(), alias));
    return name;
  }

  /// def(name or schema, kernel): the schema (a name takes the kernel's,
  /// inferred), then the kernel on its key.
  void def(const std::string& nameOrSchema, std::optional<AliasAnalysisKind> alias, std::optional<DispatchKey> key,
           CppFunction function, const std::string& debug) {
    FunctionSchema schema;
    if (nameOrSchema.find('(') != std::string::npos) {
      schema = parseSchema(nameOrSchema);
    } else {
      schema = *function.schema_;
      const auto dot = nameOrSchema.find('.');
      schema.name = nameOrSchema.substr(0, dot);
      schema.overload_name = dot == std::string::npos ? "" : nameOrSchema.substr(dot + 1);
      alias = AliasAnalysisKind::CONSERVATIVE;  // c10's _def: an inferred schema says nothing of aliasing
    }
    const std::string name = def(std::move(schema), alias);
    registrars_.push_back(Dispatcher::singleton().registerImpl(
        name, key.value_or(key_.value_or(DispatchKey::CompositeImplicitAutograd)), std::move(function.func_),
        std::move(function.schema_), debug.empty() ? debugString() : debug));
  }

  void impl(const std::string& nameText, std::optional<DispatchKey> key, KernelFunction kernel,
            std::optional<FunctionSchema> inferred, const std::string& debug) {
    std::string name = nameText;
    const auto separator = name.find("::");
    if (separator != std::string::npos) {
      if (name.substr(0, separator) != ns_.value_or("")) {
        throw std::runtime_error(fmt::format(
            "impl(\"{}\", ...): Explicitly provided namespace ({}) in operator name does not match namespace of "
            "enclosing {} block ({}).  Move this definition to the {} block corresponding to this namespace (and "
            "consider deleting the namespace from your schema string.)  {}",
            nameText, name.substr(0, separator), toString(kind_), ns_.value_or(""), toString(kind_), errorContext()));
      }
    } else {
      name = fmt::format("{}::{}", ns_.value_or(""), name);
    }
    if (key && key_ && *key != *key_) {
      throw std::runtime_error(fmt::format(
          "impl(\"{}\", ...): Explicitly provided dispatch key ({}) is inconsistent with the dispatch key of the "
          "enclosing {} block ({}).  Please declare a separate {} block for this dispatch key and move your impl() "
          "there.  {}",
          nameText, *key, toString(kind_), *key_, toString(kind_), errorContext()));
    }
    registrars_.push_back(Dispatcher::singleton().registerImpl(
        name, key.value_or(key_.value_or(DispatchKey::CompositeImplicitAutograd)), std::move(kernel),
        std::move(inferred), debug.empty() ? debugString() : debug));
  }

  void fallbackFallthrough(std::optional<DispatchKey> key) {
    if (kind_ != LibraryKind::IMPL) {
      throw std::runtime_error(
          fmt::format("fallback(...): Cannot define an operator inside of a {} block.  Did you mean to call this "
                      "function inside a TORCH_LIBRARY_IMPL block?  {}",
                      toString(kind_), errorContext()));
    }
    const std::optional<DispatchKey> target = key ? key : key_;
    if (!target) {
      // 1.13's words: library.cpp's TORCH_INTERNAL_ASSERT(dispatch_key.has_value()).
      throw std::logic_error(
          fmt::format("dispatch_key.has_value() INTERNAL ASSERT FAILED: a fallback needs a dispatch "
                      "key. {}",
                      errorContext()));
    }
    if (ns_) {
      throw std::runtime_error(fmt::format(
          "fallback(...): Fallback functions which apply to only a single namespace (you specified {}) are not "
          "supported.  If you intended to apply this fallback function globally, please define a separate "
          "block:\n\n    TORCH_LIBRARY_IMPL(_, {}, m) {{ m.fallback(...); }}\n\n{}",
          *ns_, *target, errorContext()));
    }
    // An alias key's fallback is one on each runtime key it stands for.
    for (DispatchKey runtimeKey : getRuntimeDispatchKeySet(*target).keys()) {
      registrars_.push_back(
          Dispatcher::singleton().registerFallback(runtimeKey, KernelFunction::makeFallthrough(), debugString()));
    }
  }

 private:
  void qualifySchema(FunctionSchema& schema) const {
    const std::string given =
        schema.overload_name.empty() ? schema.name : fmt::format("{}.{}", schema.name, schema.overload_name);
    if (kind_ == LibraryKind::IMPL) {
      throw std::runtime_error(fmt::format(
          "def(\"{}\"): Cannot define an operator inside of a {} block.  All def()s should be placed in the "
          "(unique) TORCH_LIBRARY block for their namespace.  {}",
          given, toString(kind_), errorContext()));
    }
    const auto separator = schema.name.find("::");
    if (separator == std::string::npos) {
      schema.name = fmt::format("{}::{}", *ns_, schema.name);
    } else if (schema.name.substr(0, separator) != *ns_) {
      throw std::runtime_error(fmt::format(
          "Explicitly provided namespace ({}) in schema string does not match namespace of enclosing {} block "
          "({}).  Move this definition to the (unique) TORCH_LIBRARY block corresponding to this namespace (and "
          "consider deleting the namespace from your schema string.)  {}",
          schema.name.substr(0, separator), toString(kind_), *ns_, errorContext()));
    }
  }

  // 1.13's _dispatch_library passes "/dev/null" for the file whatever the
  // caller gave ("temporary workaround" in its source): the line survives.
  std::string debugString() const { return fmt::format("registered at /dev/null:{}", line_); }
  std::string errorContext() const {
    return fmt::format("(Error occurred while processing {} block at /dev/null:{})", toString(kind_), line_);
  }

  LibraryKind kind_;
  std::optional<std::string> ns_;
  std::optional<DispatchKey> key_;
  unsigned line_;
  std::vector<RegistrationHandleRAII> registrars_;
};

struct THPDispatchModule {
  PyObject_HEAD DispatchModule* module;
};

DispatchModule& moduleOf(PyObject* self) { return *reinterpret_cast<THPDispatchModule*>(self)->module; }

PyObject* returnSelf(PyObject* self) {
  Py_INCREF(self);
  return self;
}

/// The precanned kernels of 1.13's _DispatchModule ("args_rets", one letter
/// each, t = Tensor): never meant to be called, only to be registered.
CppFunction kernel_t_t() {
  return CppFunction([](const Tensor& a) -> Tensor { return a; });
}
CppFunction kernel_tt_t() {
  return CppFunction([](const Tensor& a, const Tensor& /*b*/) -> Tensor { return a; });
}

PyObject* module_def_(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* names[] = {"schema", "alias", nullptr};
  const char* schema = nullptr;
  const char* alias = "";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|s", const_cast<char**>(names), &schema, &alias)) {
    return nullptr;
  }
  moduleOf(self).def(parseSchema(schema), parseAliasAnalysisKind(alias));
  return returnSelf(self);
  END_HANDLE_TH_ERRORS
}

/// def_legacy(schema): a def with no alias analysis kind, CONSERVATIVE "(default)".
PyObject* module_def_legacy(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* names[] = {"schema", nullptr};
  const char* schema = nullptr;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s", const_cast<char**>(names), &schema)) {
    return nullptr;
  }
  moduleOf(self).def(parseSchema(schema), std::nullopt);
  return returnSelf(self);
  END_HANDLE_TH_ERRORS
}

/// define(schema, alias_analysis=""): torch.library.Library.define's; returns the name as given.
PyObject* module_define(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* names[] = {"schema", "alias_analysis", nullptr};
  const char* schema = nullptr;
  const char* alias = "";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|s", const_cast<char**>(names), &schema, &alias)) {
    return nullptr;
  }
  FunctionSchema parsed = parseSchema(schema);
  const std::string name = parsed.name;
  moduleOf(self).def(std::move(parsed), parseAliasAnalysisKind(alias));
  return PyUnicode_FromString(name.c_str());
  END_HANDLE_TH_ERRORS
}

PyObject* module_def_name_t_t(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* names[] = {"name", "dispatch", "debug", nullptr};
  const char* name = nullptr;
  const char* dispatch = "";
  const char* debug = "default_def_name_t_t";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|ss", const_cast<char**>(names), &name, &dispatch, &debug)) {
    return nullptr;
  }
  moduleOf(self).def(name, std::nullopt, parseKey(dispatch), kernel_t_t(), debug);
  return returnSelf(self);
  END_HANDLE_TH_ERRORS
}

PyObject* module_def_schema_t_t(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* names[] = {"name", "dispatch", "alias", "debug", nullptr};
  const char* schema = nullptr;
  const char* dispatch = "";
  const char* alias = "";
  const char* debug = "default_def_schema_t_t";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|sss", const_cast<char**>(names), &schema, &dispatch, &alias,
                                   &debug)) {
    return nullptr;
  }
  moduleOf(self).def(schema, parseAliasAnalysisKind(alias), parseKey(dispatch), kernel_t_t(), debug);
  return returnSelf(self);
  END_HANDLE_TH_ERRORS
}

template <CppFunction (*Kernel)(), const char* DefaultDebug>
PyObject* module_impl_precanned(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* names[] = {"name", "dispatch", "debug", nullptr};
  const char* name = nullptr;
  const char* dispatch = "";
  const char* debug = DefaultDebug;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|ss", const_cast<char**>(names), &name, &dispatch, &debug)) {
    return nullptr;
  }
  CppFunction function = Kernel();
  moduleOf(self).impl(name, parseKey(dispatch), std::move(function.func_), std::move(function.schema_), debug);
  return returnSelf(self);
  END_HANDLE_TH_ERRORS
}

constexpr char kImplTTDebug[] = "impl_t_t";
constexpr char kImplTTTDebug[] = "";

/// impl(name, dispatch, func): a Python function as the kernel; no schema to infer.
PyObject* module_impl(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* names[] = {"name", "dispatch", "func", nullptr};
  const char* name = nullptr;
  const char* dispatch = nullptr;
  PyObject* function = nullptr;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "ssO", const_cast<char**>(names), &name, &dispatch, &function)) {
    return nullptr;
  }
  moduleOf(self).impl(name, parseKey(dispatch), makePythonKernel(function), std::nullopt, "");
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyObject* module_fallback_fallthrough(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* names[] = {"dispatch", nullptr};
  const char* dispatch = "";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|s", const_cast<char**>(names), &dispatch)) {
    return nullptr;
  }
  moduleOf(self).fallbackFallthrough(parseKey(dispatch));
  return returnSelf(self);
  END_HANDLE_TH_ERRORS
}

void module_dealloc(PyObject* self) {
  delete std::exchange(reinterpret_cast<THPDispatchModule*>(self)->module, nullptr);
  Py_TYPE(self)->tp_free(self);
}

PyMethodDef module_methods[] = {
    {"def_", (PyCFunction)(void (*)())module_def_, METH_VARARGS | METH_KEYWORDS, nullptr},
    {"def_legacy", (PyCFunction)(void (*)())module_def_legacy, METH_VARARGS | METH_KEYWORDS, nullptr},
    {"define", (PyCFunction)(void (*)())module_define, METH_VARARGS | METH_KEYWORDS, nullptr},
    {"def_name_t_t", (PyCFunction)(void (*)())module_def_name_t_t, METH_VARARGS | METH_KEYWORDS, nullptr},
    {"def_schema_t_t", (PyCFunction)(void (*)())module_def_schema_t_t, METH_VARARGS | METH_KEYWORDS, nullptr},
    {"impl_t_t", (PyCFunction)(void (*)())module_impl_precanned<&kernel_t_t, kImplTTDebug>,
     METH_VARARGS | METH_KEYWORDS, nullptr},
    {"impl_tt_t", (PyCFunction)(void (*)())module_impl_precanned<&kernel_tt_t, kImplTTTDebug>,
     METH_VARARGS | METH_KEYWORDS, nullptr},
    {"impl", (PyCFunction)(void (*)())module_impl, METH_VARARGS | METH_KEYWORDS, nullptr},
    {"fallback_fallthrough", (PyCFunction)(void (*)())module_fallback_fallthrough, METH_VARARGS | METH_KEYWORDS,
     nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyTypeObject THPDispatchModuleType = {
    .ob_base = PyVarObject_HEAD_INIT(nullptr, 0).tp_name = "mini_torch._C._DispatchModule",
    .tp_basicsize = sizeof(THPDispatchModule),
    .tp_dealloc = module_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A torch::Library made from Python: its registrations last as long as it does.",
    .tp_methods = module_methods,
};

/// _dispatch_library(kind, name, dispatch, file="/dev/null", linenum=0).
PyObject* dispatch_library(PyObject* /*module*/, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* names[] = {"kind", "name", "dispatch", "file", "linenum", nullptr};
  const char* kind = nullptr;
  const char* ns = nullptr;
  const char* dispatch = nullptr;
  const char* file = "/dev/null";
  unsigned int line = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "sss|sI", const_cast<char**>(names), &kind, &ns, &dispatch, &file,
                                   &line)) {
    return nullptr;
  }
  const std::string kindName = kind;
  LibraryKind libraryKind = LibraryKind::FRAGMENT;
  if (kindName == "DEF") {
    libraryKind = LibraryKind::DEF;
  } else if (kindName == "IMPL") {
    libraryKind = LibraryKind::IMPL;
  } else if (kindName != "FRAGMENT") {
    throw std::runtime_error(fmt::format("could not parse {}", kindName));
  }
  auto owned = std::make_unique<DispatchModule>(libraryKind, ns, parseKey(dispatch), line);
  PyObject* self = THPDispatchModuleType.tp_alloc(&THPDispatchModuleType, 0);
  if (self != nullptr) {
    reinterpret_cast<THPDispatchModule*>(self)->module = owned.release();
  }
  return self;
  END_HANDLE_TH_ERRORS
}

PyMethodDef library_functions[] = {
    {"_dispatch_library", (PyCFunction)(void (*)())dispatch_library, METH_VARARGS | METH_KEYWORDS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

void initDispatchModuleBindings(PyObject* module) {
  if (PyType_Ready(&THPDispatchModuleType) < 0 || PyModule_AddFunctions(module, library_functions) < 0) {
    return;
  }
  PyModule_AddObjectRef(module, "_DispatchModule", (PyObject*)&THPDispatchModuleType);
}

}  // namespace mini::python
