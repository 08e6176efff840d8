#include "csrc/python_variable.h"

#include <unordered_map>
#include <vector>

#include "csrc/Device.h"
#include "csrc/Dtype.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_cpp_function.h"
#include "csrc/autograd/python_engine.h"
#include "csrc/utils/python_arg_parser.h"
#include "mini/autograd/node.h"
#include "mini/core/grad_mode.h"
#include "mini/dispatch_modes/python_fallback_kernel.h"
#include "mini/functorch/batched_tensor_impl.h"
#include "mini/generated/Functions.h"
#include "mini/native/cpu/cpu_kernels.h"

namespace mini::python {

PyObject* THPVariableClass = nullptr;

namespace {

THPVariable* self_(PyObject* self) { return reinterpret_cast<THPVariable*>(self); }

/// Wrapper subclass tensors and their Python objects, which the table
/// keeps alive while C++ holds the tensor: a result __torch_dispatch__
/// returns lives on the dispatcher's stack only until the binding wraps it,
/// and must come back as the same object. (PyTorch makes the TensorImpl own
/// its Python object for that.) An entry goes in sweepWrapperObjects() once
/// only the table holds the object and only the object holds the tensor.
/// Touched with the GIL held only.
std::unordered_map<const TensorImpl*, PyObject*>& wrapperObjects() {
  static std::unordered_map<const TensorImpl*, PyObject*> objects;
  return objects;
}

void sweepWrapperObjects() {
  std::vector<PyObject*> released;
  for (auto it = wrapperObjects().begin(); it != wrapperObjects().end();) {
    if (Py_REFCNT(it->second) == 1 && THPVariable_Unpack(it->second).use_count() == 1) {
      released.push_back(it->second);
      it = wrapperObjects().erase(it);
    } else {
      ++it;
    }
  }
  for (PyObject* object : released) {
    Py_DECREF(object);
  }
}

/// The Python object of each plain tensor that has one, borrowed: while it
/// lives, every way back to Python (a result, an in-place op's self, an
/// out= tensor, .grad, a no-op .to()) returns that same object, so that
/// `torch.neg_(a) is a` and `x.grad is x.grad` hold as in 1.13, which keeps
/// the object on the TensorImpl (PyObjectSlot). The object holds its tensor,
/// so the TensorImpl cannot die first; dealloc takes the entry out.
/// Touched with the GIL held only.
std::unordered_map<const TensorImpl*, PyObject*>& plainObjects() {
  static std::unordered_map<const TensorImpl*, PyObject*> objects;
  return objects;
}

// tp_new of _TensorBase: Python code makes tensors with mini_torch.tensor()
// or _make_wrapper_subclass, never with the class itself. torch.Tensor(2, 3)
// and torch.Tensor([1, 2]), 1.13's legacy constructor, say they are missing.
PyObject* THPVariable_pynew(PyTypeObject* type, PyObject* /*args*/, PyObject* /*kwargs*/) {
  PyErr_Format(PyExc_NotImplementedError,
               "%s(...), the legacy constructor, is not in mini_torch, the course's module: make tensors with "
               "torch.tensor(data), torch.empty(size), torch.zeros(size)",
               type->tp_name);
  return nullptr;
}

void THPVariable_dealloc(PyObject* self) {
  if (const TensorImpl* impl = self_(self)->cdata.unsafeGetTensorImpl()) {
    const auto found = plainObjects().find(impl);
    if (found != plainObjects().end() && found->second == self) {
      plainObjects().erase(found);
    }
  }
  self_(self)->cdata.~Tensor();
  Py_TYPE(self)->tp_free(self);
}

/// A batched tensor (inside vmap) shows one sample but holds the batch: its
/// elements are not one sample's to read. 1.13 fails where its reading
/// reaches an operator without a batching rule (`op`): aten::item for
/// item(), int() and float(), aten::is_nonzero for bool() and printing.
void checkNotBatched(const Tensor& tensor, const char* op) {
  if (maybeGetBatchedImpl(tensor) != nullptr) {
    throw std::runtime_error(
        fmt::format("Batching rule not implemented for {}. We could not generate a fallback.", op));
  }
}

PyObject* THPVariable_repr(PyObject* self) {
  HANDLE_TH_ERRORS
  checkNotBatched(THPVariable_Unpack(self), "aten::is_nonzero");
  return PyUnicode_FromString(formatTensor(THPVariable_Unpack(self)).c_str());
  END_HANDLE_TH_ERRORS
}

/// The tensor's elements on the host, contiguous, in the type Python reads
/// them in: int64 for the integral dtypes and bool, float64 for the
/// floating ones. An int64 never passes through a double, which holds only
/// 53 bits: 2**62 + 1 comes back as itself, as from torch.
Tensor hostElements(const Tensor& tensor) {
  Tensor host = tensor.detach();
  if (!host.device().isCpu()) {
    host = host.to(kCpu);
  }
  return contiguousCpu(toDtypeCpu(host, isFloatingType(tensor.dtype()) ? ScalarType::Double : ScalarType::Long));
}

/// Element `index` of hostElements(tensor) as Python has it: bool, int or
/// float by the tensor's dtype.
PyObject* elementToPython(const Tensor& elements, std::int64_t index, ScalarType dtype) {
  if (dtype == ScalarType::Bool) {
    return PyBool_FromLong(elements.dataPtr<const std::int64_t>()[index] != 0);
  }
  if (!isFloatingType(dtype)) {
    return PyLong_FromLongLong(elements.dataPtr<const std::int64_t>()[index]);
  }
  return PyFloat_FromDouble(elements.dataPtr<const double>()[index]);
}

PyObject* listOf(const Tensor& elements, std::int64_t offset, ScalarType dtype, std::size_t dim) {
  if (dim == elements.sizes().size()) {
    return elementToPython(elements, offset, dtype);
  }
  const std::int64_t size = elements.sizes()[dim];
  PyObject* list = PyList_New(size);
  for (std::int64_t i = 0; i < size && list != nullptr; ++i) {
    PyObject* item = listOf(elements, offset + i * elements.strides()[dim], dtype, dim + 1);
    if (item == nullptr) {
      Py_CLEAR(list);
      break;
    }
    PyList_SET_ITEM(list, i, item);
  }
  return list;
}

PyObject* THPVariable_tolist(PyObject* self, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  const Tensor& tensor = THPVariable_Unpack(self);
  if (maybeGetBatchedImpl(tensor) != nullptr) {
    throw std::runtime_error("Cannot access data pointer of Tensor that doesn't have storage");
  }
  return listOf(hostElements(tensor), 0, tensor.dtype(), 0);
  END_HANDLE_TH_ERRORS
}

/// The one element of a one-element tensor, for item(), int(), float() and
/// bool(); 1.13's message and ValueError otherwise
/// (python_variable_methods.cpp, dispatch_to).
PyObject* onlyElement(const Tensor& tensor) {
  checkNotBatched(tensor, "aten::item");
  if (tensor.numel() != 1) {
    PyErr_SetString(PyExc_ValueError, "only one element tensors can be converted to Python scalars");
    return nullptr;
  }
  return elementToPython(hostElements(tensor), 0, tensor.dtype());
}

PyObject* THPVariable_item(PyObject* self, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return onlyElement(THPVariable_Unpack(self));
  END_HANDLE_TH_ERRORS
}

/// int(t), float(t): the element, converted as Python converts it.
PyObject* THPVariable_int(PyObject* self) {
  HANDLE_TH_ERRORS
  PyObject* element = onlyElement(THPVariable_Unpack(self));
  if (element == nullptr) {
    return nullptr;
  }
  PyObject* result = PyNumber_Long(element);
  Py_DECREF(element);
  return result;
  END_HANDLE_TH_ERRORS
}

PyObject* THPVariable_float(PyObject* self) {
  HANDLE_TH_ERRORS
  PyObject* element = onlyElement(THPVariable_Unpack(self));
  if (element == nullptr) {
    return nullptr;
  }
  PyObject* result = PyNumber_Float(element);
  Py_DECREF(element);
  return result;
  END_HANDLE_TH_ERRORS
}

/// operator.index(t): a[t], range(t); integral one-element tensors only.
PyObject* THPVariable_index(PyObject* self) {
  HANDLE_TH_ERRORS
  const Tensor& tensor = THPVariable_Unpack(self);
  if (isFloatingType(tensor.dtype()) || tensor.numel() != 1) {
    throw TypeError("only integer tensors of a single element can be converted to an index");
  }
  return onlyElement(tensor);
  END_HANDLE_TH_ERRORS
}

/// bool(t), `if t:`: 1.13's Tensor.__bool__ (python_variable_methods.cpp,
/// THPVariable_bool_scalar), whose errors are RuntimeErrors.
int THPVariable_bool(PyObject* self) {
  HANDLE_TH_ERRORS
  const Tensor& tensor = THPVariable_Unpack(self);
  checkNotBatched(tensor, "aten::is_nonzero");
  if (tensor.numel() == 0) {
    throw std::runtime_error("Boolean value of Tensor with no values is ambiguous");
  }
  if (tensor.numel() > 1) {
    throw std::runtime_error("Boolean value of Tensor with more than one value is ambiguous");
  }
  const Tensor elements = hostElements(tensor);
  return isFloatingType(tensor.dtype()) ? elements.dataPtr<const double>()[0] != 0.0
                                        : elements.dataPtr<const std::int64_t>()[0] != 0;
  END_HANDLE_TH_ERRORS_RET(-1)
}

PyNumberMethods THPVariable_as_number = [] {
  PyNumberMethods methods{};
  methods.nb_bool = THPVariable_bool;
  methods.nb_int = THPVariable_int;
  methods.nb_float = THPVariable_float;
  methods.nb_index = THPVariable_index;
  return methods;
}();

/// backward(gradient=None, retain_graph=None, create_graph=False,
/// inputs=None), as torch/_tensor.py's: retain_graph defaults to
/// create_graph. Higher-order gradients (create_graph=True) and inputs= are
/// not in this course's engine, and say so.
PyObject* THPVariable_backward(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* keywords[] = {"gradient", "retain_graph", "create_graph", "inputs", nullptr};
  PyObject* gradient = Py_None;
  PyObject* retain_graph = Py_None;
  PyObject* create_graph = Py_False;
  PyObject* inputs = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|OOOO", const_cast<char**>(keywords), &gradient, &retain_graph,
                                   &create_graph, &inputs)) {
    return nullptr;
  }
  if (gradient != Py_None && !THPVariable_Check(gradient)) {
    throw TypeError(fmt::format("gradients can be either Tensors or None, but got {}", Py_TYPE(gradient)->tp_name));
  }
  const int create = PyObject_IsTrue(create_graph);
  if (create < 0) {
    throw python_error();
  }
  if (create != 0) {
    PyErr_SetString(PyExc_NotImplementedError,
                    "backward(create_graph=True) is not in mini_torch, the course's module: its engine computes "
                    "first-order gradients only");
    return nullptr;
  }
  if (inputs != Py_None) {
    PyErr_SetString(PyExc_NotImplementedError,
                    "backward(inputs=...) is not in mini_torch, the course's module: its engine accumulates into "
                    "every leaf the graph reaches");
    return nullptr;
  }
  const int retain = retain_graph == Py_None ? create : PyObject_IsTrue(retain_graph);
  if (retain < 0) {
    throw python_error();
  }
  // 1.13's Tensor.backward is torch.autograd.backward, whose engine call
  // checks this first (python_engine.cpp).
  checkBackwardOutsideVmap();
  const Tensor self_tensor = THPVariable_Unpack(self);
  if (THPVariable_wrapperObject(self_tensor.unsafeGetTensorImpl()) != nullptr) {
    // 1.13 seeds the backward of a wrapper with ones_like(output), which its
    // __torch_dispatch__ sees; this engine seeds with ones() on the output's
    // device, which is meta here, and the formulas would then mix meta and
    // the wrapped tensors' device.
    PyErr_SetString(PyExc_NotImplementedError,
                    "backward() from a wrapper subclass's tensor is not in mini_torch, the course's module: its "
                    "engine seeds the gradient with ones() on the wrapper's meta device, which __torch_dispatch__ "
                    "never sees");
    return nullptr;
  }
  const Tensor grad = gradient == Py_None ? Tensor() : THPVariable_Unpack(gradient);
  {
    // The engine runs C++ only: other Python threads may run meanwhile.
    Py_BEGIN_ALLOW_THREADS;
    try {
      self_tensor.backward(grad, retain != 0);
    } catch (...) {
      Py_BLOCK_THREADS;
      throw;
    }
    Py_END_ALLOW_THREADS;
  }
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

PyObject* THPVariable_detach(PyObject* self, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return THPVariable_Wrap(THPVariable_Unpack(self).detach());
  END_HANDLE_TH_ERRORS
}

/// 1.13's requires_grad_leaf_error (torch/csrc/autograd/utils/error_messages.h).
std::string requiresGradLeafError(bool requires_grad) {
  std::string message = "you can only change requires_grad flags of leaf variables.";
  if (!requires_grad) {
    message +=
        " If you want to use a computed variable in a subgraph that doesn't require differentiation use "
        "var_no_grad = var.detach().";
  }
  return message;
}

/// t.requires_grad_(flag=True), as 1.13's VariableTypeManual: a computed
/// tensor already requires grad, so True is a no-op there and only False is
/// refused; an integral tensor cannot require grad.
PyObject* THPVariable_requires_grad_(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static const char* keywords[] = {"requires_grad", nullptr};
  int flag = 1;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|p", const_cast<char**>(keywords), &flag)) {
    return nullptr;
  }
  Tensor& tensor = self_(self)->cdata;
  if (!tensor.isLeaf()) {
    if (flag == 0) {
      throw std::runtime_error(requiresGradLeafError(false));
    }
  } else if (flag != 0 && !isFloatingType(tensor.dtype())) {
    throw std::runtime_error("only Tensors of floating point dtype can require gradients");
  } else {
    tensor.setRequiresGrad(flag != 0);
  }
  Py_INCREF(self);
  return self;
  END_HANDLE_TH_ERRORS
}

PyObject* THPVariable_dim(PyObject* self, PyObject* /*unused*/) {
  return PyLong_FromLongLong(THPVariable_Unpack(self).dim());
}

PyObject* THPVariable_numel(PyObject* self, PyObject* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyLong_FromLongLong(THPVariable_Unpack(self).numel());
  END_HANDLE_TH_ERRORS
}

/// a.to(torch.float64), a.to("cpu"), a.to("cpu", torch.float64),
/// a.to(dtype=...), a.to(other): 1.13's three signatures (its
/// memory_format aside). The tensor itself when nothing changes and no copy
/// is asked for, else one _to_copy.
PyObject* THPVariable_to(PyObject* self, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static PythonArgParser parser({
      "to(Device? device=None, ScalarType? dtype=None, bool non_blocking=False, bool copy=False)",
      "to(ScalarType dtype, bool non_blocking=False, bool copy=False)",
      "to(Tensor tensor, bool non_blocking=False, bool copy=False)",
  });
  ParsedArgs<4> parsed_args;
  auto _r = parser.parse(self, args, kwargs, parsed_args);
  const Tensor& tensor = THPVariable_Unpack(self);
  Device device = tensor.device();
  ScalarType dtype = tensor.dtype();
  bool copy = false;
  if (_r.idx == 0) {
    device = _r.isNone(0) ? device : _r.device(0);
    dtype = _r.isNone(1) ? dtype : _r.scalartype(1);
    copy = _r.toBool(3);
  } else if (_r.idx == 1) {
    dtype = _r.scalartype(0);
    copy = _r.toBool(2);
  } else {
    const Tensor other = _r.tensor(0);
    device = other.device();
    dtype = other.dtype();
    copy = _r.toBool(2);
  }
  // non_blocking changes nothing on this course's devices: every copy waits.
  if (!copy && device == tensor.device() && dtype == tensor.dtype()) {
    return THPVariable_Wrap(tensor);
  }
  return THPVariable_Wrap(_to_copy(tensor, dtype, device));
  END_HANDLE_TH_ERRORS
}

PyObject* THPVariable_get_shape(PyObject* self, void* /*unused*/) {
  HANDLE_TH_ERRORS
  const Sizes& sizes = THPVariable_Unpack(self).sizes();
  PyObject* shape = PyTuple_New(static_cast<Py_ssize_t>(sizes.size()));
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    PyTuple_SET_ITEM(shape, i, PyLong_FromLongLong(sizes[i]));
  }
  return shape;
  END_HANDLE_TH_ERRORS
}

PyObject* THPVariable_get_dtype(PyObject* self, void* /*unused*/) {
  PyObject* dtype = getTHPDtype(THPVariable_Unpack(self).dtype());
  Py_INCREF(dtype);
  return dtype;
}

PyObject* THPVariable_get_device(PyObject* self, void* /*unused*/) {
  HANDLE_TH_ERRORS
  return THPDevice_New(THPVariable_Unpack(self).device());
  END_HANDLE_TH_ERRORS
}

PyObject* THPVariable_get_requires_grad(PyObject* self, void* /*unused*/) {
  return PyBool_FromLong(THPVariable_Unpack(self).requiresGrad());
}

int THPVariable_set_requires_grad(PyObject* self, PyObject* value, void* /*unused*/) {
  HANDLE_TH_ERRORS
  if (value == nullptr || !PyBool_Check(value)) {
    throw TypeError("requires_grad must be a bool");
  }
  // 1.13's THPVariable_set_requires_grad: only a leaf's flag changes, and
  // only a floating tensor can require grad.
  Tensor& tensor = self_(self)->cdata;
  if (!tensor.isLeaf()) {
    throw std::runtime_error(requiresGradLeafError(value == Py_True));
  }
  if (value == Py_True && !isFloatingType(tensor.dtype())) {
    throw std::runtime_error("only Tensors of floating point and complex dtype can require gradients");
  }
  tensor.setRequiresGrad(value == Py_True);
  return 0;
  END_HANDLE_TH_ERRORS_RET(-1)
}

PyObject* THPVariable_get_grad(PyObject* self, void* /*unused*/) {
  HANDLE_TH_ERRORS
  return THPVariable_Wrap(THPVariable_Unpack(self).grad());
  END_HANDLE_TH_ERRORS
}

int THPVariable_set_grad(PyObject* self, PyObject* value, void* /*unused*/) {
  HANDLE_TH_ERRORS
  if (value == nullptr || value == Py_None) {
    THPVariable_Unpack(self).mutableGrad() = Tensor();
    return 0;
  }
  if (!THPVariable_Check(value)) {
    throw TypeError(
        fmt::format("assigned grad expected to be a Tensor or None but got grad of type{}", Py_TYPE(value)->tp_name));
  }
  // 1.13's THPVariable_set_grad: a grad of another dtype, device or shape
  // would be accumulated into by the next backward as if it fitted.
  if (value == self) {
    throw std::runtime_error("can't assign Variable as its own grad");
  }
  const Tensor& var = THPVariable_Unpack(self);
  const Tensor& grad = THPVariable_Unpack(value);
  if (grad.dtype() != var.dtype() || grad.device().type != var.device().type) {
    throw std::runtime_error("assigned grad has data of a different type");
  }
  if (grad.device() != var.device()) {
    throw std::runtime_error("assigned grad has data located on a different device");
  }
  if (grad.sizes() != var.sizes()) {
    throw std::runtime_error("assigned grad has data of a different size");
  }
  var.mutableGrad() = grad;
  return 0;
  END_HANDLE_TH_ERRORS_RET(-1)
}

PyObject* THPVariable_get_is_leaf(PyObject* self, void* /*unused*/) {
  HANDLE_TH_ERRORS
  return PyBool_FromLong(THPVariable_Unpack(self).isLeaf());
  END_HANDLE_TH_ERRORS
}

/// The node that made this tensor (`<AddBackward0 object at 0x...>`), None
/// for a leaf and for a tensor made where no gradient was wanted.
PyObject* THPVariable_get_grad_fn(PyObject* self, void* /*unused*/) {
  HANDLE_TH_ERRORS
  return functionToPyObject(THPVariable_Unpack(self).gradFn());
  END_HANDLE_TH_ERRORS
}

/// The TensorImpl's address, as 1.13's `_cdata`: which tensor this is. A
/// tensor keeps its Python object while that lives (plainObjects()), so
/// `is` and `_cdata` agree then; once the object is gone, the next time the
/// tensor comes back to Python it is a new object with the same `_cdata`.
PyObject* THPVariable_get_cdata(PyObject* self, void* /*unused*/) {
  return PyLong_FromVoidPtr(THPVariable_Unpack(self).unsafeGetTensorImpl());
}

PyGetSetDef THPVariable_properties[] = {
    {"shape", THPVariable_get_shape, nullptr, nullptr, nullptr},
    {"dtype", THPVariable_get_dtype, nullptr, nullptr, nullptr},
    {"device", THPVariable_get_device, nullptr, nullptr, nullptr},
    {"requires_grad", THPVariable_get_requires_grad, THPVariable_set_requires_grad, nullptr, nullptr},
    {"grad", THPVariable_get_grad, THPVariable_set_grad, nullptr, nullptr},
    {"is_leaf", THPVariable_get_is_leaf, nullptr, nullptr, nullptr},
    {"grad_fn", THPVariable_get_grad_fn, nullptr, nullptr, nullptr},
    {"_cdata", THPVariable_get_cdata, nullptr, nullptr, nullptr},
    {nullptr},
};

PyMethodDef manual_methods[] = {
    {"tolist", THPVariable_tolist, METH_NOARGS, nullptr},
    {"item", THPVariable_item, METH_NOARGS, nullptr},
    {"backward", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(THPVariable_backward)),
     METH_VARARGS | METH_KEYWORDS, nullptr},
    {"detach", THPVariable_detach, METH_NOARGS, nullptr},
    {"requires_grad_", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(THPVariable_requires_grad_)),
     METH_VARARGS | METH_KEYWORDS, nullptr},
    {"dim", THPVariable_dim, METH_NOARGS, nullptr},
    {"numel", THPVariable_numel, METH_NOARGS, nullptr},
    {"to", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(THPVariable_to)), METH_VARARGS | METH_KEYWORDS,
     nullptr},
};

std::vector<PyMethodDef>& allMethods() {
  static std::vector<PyMethodDef> methods = [] {
    std::vector<PyMethodDef> all(std::begin(manual_methods), std::end(manual_methods));
    for (PyMethodDef* def = generated_variable_methods(); def->ml_name != nullptr; ++def) {
      all.push_back(*def);
    }
    all.push_back(PyMethodDef{nullptr, nullptr, 0, nullptr});
    return all;
  }();
  return methods;
}

}  // namespace

PyTypeObject THPVariableType = {
    .ob_base = PyVarObject_HEAD_INIT(nullptr, 0).tp_name = "mini_torch._C._TensorBase",
    .tp_basicsize = sizeof(THPVariable),
    .tp_dealloc = THPVariable_dealloc,
    .tp_repr = THPVariable_repr,
    .tp_as_number = &THPVariable_as_number,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "The C part of mini_torch.Tensor: a mini::Tensor and its methods.",
    .tp_getset = THPVariable_properties,
    .tp_new = THPVariable_pynew,
};

bool THPVariable_Check(PyObject* obj) { return PyObject_TypeCheck(obj, &THPVariableType) != 0; }

PyObject* THPVariable_NewWithType(PyTypeObject* type, Tensor tensor) {
  PyObject* object = type->tp_alloc(type, 0);
  if (object != nullptr) {
    new (&self_(object)->cdata) Tensor(std::move(tensor));
  }
  return object;
}

PyObject* THPVariable_wrapperObject(const TensorImpl* impl) {
  const auto found = wrapperObjects().find(impl);
  return found == wrapperObjects().end() ? nullptr : found->second;
}

PyObject* THPVariable_make_wrapper_subclass(PyObject* /*module*/, PyObject* args, PyObject* kwargs) {
  HANDLE_TH_ERRORS
  static PythonArgParser parser({
      "_make_wrapper_subclass(PyObject cls, IntArrayRef size, *, ScalarType? dtype=None, Device? device=None, "
      "bool requires_grad=False)",
  });
  ParsedArgs<5> parsed_args;
  auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
  PyObject* cls = parsed_args.args[0];
  if (!PyType_Check(cls) || !PyType_IsSubtype(reinterpret_cast<PyTypeObject*>(cls), &THPVariableType)) {
    throw TypeError("_make_wrapper_subclass: cls must be a subclass of mini_torch.Tensor");
  }
  // 1.13's check: a wrapper has no data, so an operator that found no
  // __torch_dispatch__ would run a kernel on nothing.
  if (PyObject_HasAttrString(cls, "__torch_dispatch__") == 0) {
    throw TypeError(fmt::format("{} must define __torch_dispatch__", reinterpret_cast<PyTypeObject*>(cls)->tp_name));
  }
  // No data: the wrapper's operators all go to __torch_dispatch__, which
  // computes on what the subclass wraps. (1.13's wrapper reports the device
  // given; this one is a meta tensor, and says so: a device of another kind
  // is not kept, and a warning names it rather than drop it without a word.)
  if (_r.has(3) && !_r.device(3).isMeta()) {
    const std::string warning = fmt::format(
        "_make_wrapper_subclass: mini_torch's wrapper subclasses are meta tensors (no data, whatever they wrap), "
        "so device='{}' is not kept: the wrapper reports device='meta', where torch 1.13's reports '{}'",
        _r.device(3), _r.device(3));
    if (PyErr_WarnEx(PyExc_UserWarning, warning.c_str(), 1) < 0) {
      return nullptr;
    }
  }
  Tensor tensor = emptyTensor(_r.intlist(1), TensorOptions{_r.scalartype(2), Device{DeviceType::Meta, -1}});
  TensorImpl* impl = tensor.unsafeGetTensorImpl();
  impl->keySet = impl->keySet | kPythonKeys;  // Python and PythonTLSSnapshot, as 1.13's wrapper
  if (_r.toBool(4)) {
    tensor.setRequiresGrad(true);
  }
  sweepWrapperObjects();
  PyObject* object = THPVariable_NewWithType(reinterpret_cast<PyTypeObject*>(cls), std::move(tensor));
  if (object != nullptr) {
    Py_INCREF(object);
    wrapperObjects()[impl] = object;
  }
  return object;
  END_HANDLE_TH_ERRORS
}

PyObject* THPVariable_Wrap(Tensor tensor) {
  if (!tensor.defined()) {
    Py_RETURN_NONE;
  }
  const TensorImpl* impl = tensor.unsafeGetTensorImpl();
  if (PyObject* object = THPVariable_wrapperObject(impl)) {
    Py_INCREF(object);
    return object;
  }
  if (const auto found = plainObjects().find(impl); found != plainObjects().end()) {
    Py_INCREF(found->second);
    return found->second;
  }
  auto* type =
      reinterpret_cast<PyTypeObject*>(THPVariableClass != nullptr ? THPVariableClass : (PyObject*)&THPVariableType);
  PyObject* object = THPVariable_NewWithType(type, std::move(tensor));
  if (object != nullptr) {
    plainObjects()[impl] = object;
  }
  return object;
}

void initTensorBase(PyObject* module) {
  THPVariableType.tp_methods = allMethods().data();
  if (PyType_Ready(&THPVariableType) == 0) {
    PyModule_AddObjectRef(module, "_TensorBase", (PyObject*)&THPVariableType);
  }
}

}  // namespace mini::python
