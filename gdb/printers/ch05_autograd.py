"""Printers for chapter 05 on: a Tensor with data, shape and autograd state.

A chapter 05 Tensor is one intrusive pointer (`impl_.target_`) to a
TensorImpl holding `dtype`, `sizes` (std::vector) and `autograd`, a
std::unique_ptr<AutogradMeta> with `requiresGrad` and `gradFn` (a
std::shared_ptr<Node>). It prints as torch describes a tensor:

    Tensor(float64, shape=[4, 1], requires_grad=True, grad_fn=AddBackward0)

The grad_fn's name is the dynamic type of the node, read from its vtable, so
a node class added later needs no change here. Tensors of earlier chapters
(a key set and a value, no TensorImpl storage) are left to gdb's own printing.
"""
import gdb

from printers import enum_name, referent

# torch's names for the ScalarType enumerators.
_DTYPE_NAMES = {"Double": "float64", "Float": "float32", "Long": "int64", "Int": "int32", "Bool": "bool"}


def _first_pointer(value, depth=0):
    """The raw pointer inside a smart pointer (std::unique_ptr, std::shared_ptr),
    found depth-first through its fields and base classes: libstdc++ nests a
    unique_ptr's pointer in a tuple, after an empty deleter."""
    if value.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
        return value
    if depth > 8:
        return None
    for field in value.type.strip_typedefs().fields():
        if field.is_base_class or field.name:
            found = _first_pointer(value[field], depth + 1)
            if found is not None:
                return found
    return None


def _vector_items(vector):
    impl = vector["_M_impl"]
    start, finish = impl["_M_start"], impl["_M_finish"]
    return [int((start + i).dereference()) for i in range(int(finish - start))]


def _node_name(node_pointer):
    """'AddBackward0' for a mini::ch05::AddBackward0 behind a Node*."""
    dynamic = str(node_pointer.dereference().dynamic_type)
    return dynamic.split("<")[0].split("::")[-1] + ("<" + dynamic.split("<", 1)[1] if "<" in dynamic else "")


class TensorPrinter:
    def __init__(self, value, impl):
        self.value = value
        self.impl = impl

    def to_string(self):
        if int(self.impl) == 0:
            return "Tensor(undefined)"
        impl = self.impl.dereference()
        dtype = enum_name(impl["dtype"])
        shape = ", ".join(str(size) for size in _vector_items(impl["sizes"]))
        parts = ["Tensor({}".format(_DTYPE_NAMES.get(dtype, dtype)), "shape=[{}]".format(shape)]
        meta = _first_pointer(impl["autograd"])
        if meta is not None and int(meta) != 0:
            meta = meta.dereference()
            grad_fn = _first_pointer(meta["gradFn"])
            has_grad_fn = grad_fn is not None and int(grad_fn) != 0
            if bool(meta["requiresGrad"]) or has_grad_fn:
                parts.append("requires_grad=True")
            if has_grad_fn:
                parts.append("grad_fn={}".format(_node_name(grad_fn)))
        return ", ".join(parts) + ")"


def _tensor_printer(value):
    value = referent(value)
    try:
        impl = value["impl_"]["target_"]
        impl.dereference().type.fields()
        if "storage" not in [f.name for f in impl.dereference().type.strip_typedefs().fields()]:
            return None
    except gdb.error:
        return None
    return TensorPrinter(value, impl)


def register(collection):
    collection.add("Tensor", _tensor_printer)
