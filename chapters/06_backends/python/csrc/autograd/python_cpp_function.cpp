#include "csrc/autograd/python_cpp_function.h"

#include <deque>
#include <map>
#include <string>
#include <unordered_map>

#include "csrc/Exceptions.h"
#include "csrc/python_variable.h"
#include "mini/autograd/accumulate_grad.h"

namespace mini::python {
namespace {

THPCppFunction* self_(PyObject* self) { return reinterpret_cast<THPCppFunction*>(self); }

/// The live Python object of each node (borrowed): 1.13 stores it on the
/// Node itself (Node::pyobj); the course's Node has no Python in it.
/// Touched with the GIL held only.
std::unordered_map<const Node*, PyObject*>& liveObjects() {
  static std::unordered_map<const Node*, PyObject*> objects;
  return objects;
}

void THPCppFunction_dealloc(PyObject* self) {
  liveObjects().erase(self_(self)->cdata.get());
  self_(self)->cdata.~shared_ptr();
  Py_TYPE(self)->tp_free(self);
}

PyObject* THPCppFunction_name(PyObject* self, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyUnicode_FromString(self_(self)->cdata->name().c_str());
  END_HANDLE_TH_ERRORS
}

/// ((node, input_nr), ...): where each input's gradient goes, in the order
/// of the forward operator's inputs; (None, 0) for one that needs none.
PyObject* THPCppFunction_next_functions(PyObject* self, void* /*unused*/) {
  HANDLE_TH_ERRORS
  const std::vector<Edge>& edges = self_(self)->cdata->nextEdges();
  PyObject* result = PyTuple_New(static_cast<Py_ssize_t>(edges.size()));
  for (std::size_t i = 0; result != nullptr && i < edges.size(); ++i) {
    PyObject* pair = Py_BuildValue("(NI)", functionToPyObject(edges[i].function), edges[i].inputNr);
    if (pair == nullptr) {
      Py_CLEAR(result);
      break;
    }
    PyTuple_SET_ITEM(result, static_cast<Py_ssize_t>(i), pair);
  }
  return result;
  END_HANDLE_TH_ERRORS
}

/// AccumulateGrad's `variable`: the leaf whose .grad it fills.
PyObject* THPCppFunction_variable(PyObject* self, void* /*unused*/) {
  HANDLE_TH_ERRORS
  return THPVariable_Wrap(static_cast<const AccumulateGrad&>(*self_(self)->cdata).variable());
  END_HANDLE_TH_ERRORS
}

PyMethodDef function_methods[] = {
    {"name", THPCppFunction_name, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyGetSetDef function_properties[] = {
    {"next_functions", THPCppFunction_next_functions, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyGetSetDef accumulate_grad_properties[] = {
    {"next_functions", THPCppFunction_next_functions, nullptr, nullptr, nullptr},
    {"variable", THPCppFunction_variable, nullptr, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

/// The Python type of the nodes named `name`, made once and kept, a static
/// type as 1.13's registerCppFunction makes (its module is builtins). No
/// tp_new: Python cannot make a node, only receive one.
PyTypeObject* typeFor(const std::string& name) {
  static std::map<std::string, PyTypeObject*> types;
  static std::deque<std::string> names;  // tp_name points into these
  if (const auto found = types.find(name); found != types.end()) {
    return found->second;
  }
  // The Python class is named without the C++ namespaces, as 1.13's are:
  // type(grad_fn).__name__ is CopySlices where name() is
  // torch::autograd::CopySlices.
  names.push_back(name.substr(name.rfind(':') + 1));
  auto* type = new PyTypeObject{PyVarObject_HEAD_INIT(nullptr, 0)};
  type->tp_name = names.back().c_str();
  type->tp_basicsize = sizeof(THPCppFunction);
  type->tp_dealloc = THPCppFunction_dealloc;
  type->tp_flags = Py_TPFLAGS_DEFAULT;
  type->tp_methods = function_methods;
  type->tp_getset = names.back() == "AccumulateGrad" ? accumulate_grad_properties : function_properties;
  if (PyType_Ready(type) < 0) {
    throw python_error();
  }
  types.emplace(name, type);
  return type;
}

}  // namespace

PyObject* functionToPyObject(const std::shared_ptr<Node>& node) {
  if (node == nullptr) {
    Py_RETURN_NONE;
  }
  if (const auto found = liveObjects().find(node.get()); found != liveObjects().end()) {
    Py_INCREF(found->second);
    return found->second;
  }
  PyTypeObject* type = typeFor(node->name());
  PyObject* object = type->tp_alloc(type, 0);
  if (object == nullptr) {
    throw python_error();
  }
  new (&self_(object)->cdata) std::shared_ptr<Node>(node);
  liveObjects()[node.get()] = object;
  return object;
}

}  // namespace mini::python
