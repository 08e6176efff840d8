"""Printers for chapter 04 on: a Tensor and its TensorImpl, ScalarType, and
chapter 05's autograd graph (Node, Edge, SavedVariable).

A Tensor is one intrusive pointer (`impl_.target_`) to a TensorImpl, whose
layout each chapter changes; the printer reads which members this chapter's
TensorImpl has from the debug info:

- chapter 04: a key set and a vector of values, the tensor of the boxing
  chapter: `Tensor([1, 2, 3], DispatchKeySet(CPU, ...))`;
- chapter 05: `dtype`, `sizes` (std::vector) and `autograd`, a
  std::unique_ptr<AutogradMeta> with `requiresGrad` and `gradFn` (a
  std::shared_ptr<Node>), printed as torch describes a tensor:
  `Tensor(float64, shape=[4, 1], requires_grad=True, grad_fn=AddBackward0)`;
- chapter 06: the same plus a `storage` whose DataPtr knows the device:
  `Tensor(float32, shape=[3, 1], device=cpu, requires_grad=True, grad_fn=AddBackward0)`.

A TensorImpl prints the same text as `TensorImpl(...)`. A grad_fn's name is
the dynamic type of the node, read from its vtable, so a node class added
later needs no change here. A Node (any class derived from Node) prints its
name, where its gradients go and its sequence number:
`AddBackward0(next=[MmBackward0, AccumulateGrad], sequence_nr=12)`; an Edge
`Edge(MmBackward0, input_nr=0)`; a SavedVariable the tensor it saved and the
version it saved it at. Tensors of chapters 02 and 03 (plain structs) are
left to gdb's own printing.
"""
import re

import gdb

from printers import (READ_ERRORS, Invalid, enum_name, first_pointer, guarded, has_field, joined, referent,
                      text_printer, vector_elements)

# torch's names for the ScalarType enumerators.
_DTYPE_NAMES = {"Double": "float64", "Float": "float32", "Long": "int64", "Int": "int32", "Bool": "bool",
                "Half": "float16", "BFloat16": "bfloat16"}


def dtype_name(value):
    name = enum_name(value)
    return _DTYPE_NAMES.get(name, name)


def _number(value):
    text = str(value)
    return text[:-2] if text.endswith(".0") else text


def _vector_text(vector, convert=_number):
    shown, size = vector_elements(vector)
    return joined([convert(item) for item in shown], size)


def node_name(node_pointer):
    """'AddBackward0' for a mini::ch05::AddBackward0 behind a Node*."""
    dynamic = str(node_pointer.dereference().dynamic_type)
    if "<" in dynamic:
        head, arguments = dynamic.split("<", 1)
        return head.split("::")[-1] + "<" + arguments
    return dynamic.split("::")[-1]


def _device_of(impl):
    """The device of a chapter 06 TensorImpl's storage, or None."""
    storage = first_pointer(impl["storage"])
    if storage is None or int(storage) == 0:
        return None
    storage = storage.dereference()
    if not has_field(storage, "dataPtr"):
        return None
    from printers.ch06_backends import device_text  # chapter 06's Device printer

    return device_text(storage["dataPtr"]["device_"])


def tensor_impl_text(impl):
    """The inside of the parentheses: what a TensorImpl of this chapter's
    layout holds."""
    if has_field(impl, "values_"):  # chapter 04
        return "[{}], {}".format(_vector_text(impl["values_"]), impl["keySet_"].format_string())
    if not has_field(impl, "sizes"):
        raise Invalid("unknown TensorImpl layout")
    parts = [dtype_name(impl["dtype"]), "shape=[{}]".format(_vector_text(impl["sizes"], lambda v: str(int(v))))]
    if has_field(impl, "storage"):
        device = _device_of(impl)
        if device is not None:
            parts.append("device=" + device)
    meta = first_pointer(impl["autograd"])
    if meta is not None and int(meta) != 0:
        meta = meta.dereference()
        grad_fn = first_pointer(meta["gradFn"])
        has_grad_fn = grad_fn is not None and int(grad_fn) != 0
        if bool(meta["requiresGrad"]) or has_grad_fn:
            parts.append("requires_grad=True")
        if has_grad_fn:
            parts.append("grad_fn={}".format(node_name(grad_fn)))
    return ", ".join(parts)


def tensor_text(tensor):
    """`Tensor(...)` for a Tensor of chapter 04 on, `Tensor(undefined)` for one without an impl.
    A tensor vmap batched (the BatchedTensorImpl of chapters 05 and 06) prints as functorch
    prints one: `BatchedTensor(lvl=1, bdim=0, value=Tensor(...))`."""
    impl = tensor["impl_"]["target_"]
    if int(impl) == 0:
        return "Tensor(undefined)"
    return impl_as_tensor_text(impl.dereference())


def impl_as_tensor_text(impl):
    """What a Tensor whose TensorImpl is `impl` prints: `Tensor(...)`, or for a
    BatchedTensorImpl `BatchedTensor(lvl=1, bdim=0, value=Tensor(...))`."""
    dynamic = impl.dynamic_type.strip_typedefs()
    if str(dynamic).endswith("BatchedTensorImpl"):
        batched = impl.cast(dynamic)
        return "BatchedTensor(lvl={}, bdim=0, value={})".format(int(batched["level"]), tensor_text(batched["value"]))
    return "Tensor({})".format(tensor_impl_text(impl))


_TensorPrinter = text_printer("Tensor", tensor_text)


def _tensor_printer(value):
    """Chapters 04 on: a Tensor holding an intrusive pointer to a TensorImpl."""
    try:
        value = referent(value)
        if not has_field(value, "impl_"):
            return None  # chapters 02 and 03: a plain struct gdb prints well
    except READ_ERRORS:
        return None
    return _TensorPrinter(value)


def _edge_target(edge):
    function = first_pointer(edge["function"])
    return None if function is None or int(function) == 0 else function


class NodePrinter:
    """A node of the backward graph, of any class derived from Node."""

    def __init__(self, value):
        self.value = referent(value)

    @guarded("Node")
    def to_string(self):
        node = self.value.cast(_node_base(self.value.type))
        edges, size = vector_elements(node["nextEdges_"])
        targets = []
        for edge in edges:
            target = _edge_target(edge)
            targets.append("None" if target is None else node_name(target))
        name = node_name(node.address)
        return "{}(next=[{}], sequence_nr={})".format(name, joined(targets, size), int(node["sequenceNr_"]))


_NODE_NAME = re.compile(r"^mini::(ch\d\d::)?Node$")


def _edge_text(edge):
    target = _edge_target(edge)
    if target is None:
        return "Edge(invalid)"  # an input that wants no gradient: Edge::isValid() is false
    return "Edge({}, input_nr={})".format(node_name(target), int(edge["inputNr"]))


def _saved_variable_text(saved):
    return "SavedVariable({}, version={})".format(tensor_text(saved["data_"]), int(saved["savedVersion_"]))


def _node_base(type_, depth=0):
    """The Node base class of a type derived from it (or the type itself), or None."""
    type_ = type_.strip_typedefs().unqualified()
    if _NODE_NAME.match(type_.tag or ""):
        return type_
    if type_.code != gdb.TYPE_CODE_STRUCT or depth > 6 or not (type_.tag or "").startswith("mini::"):
        return None
    for field in type_.fields():
        if field.is_base_class:
            found = _node_base(field.type, depth + 1)
            if found is not None:
                return found
    return None


def _lookup_node(value):
    # AddBackward0, AccumulateGrad, CppNode<F>: every class derived from Node,
    # which a name-based printer cannot list.
    type_ = value.type.strip_typedefs()
    if type_.code in (gdb.TYPE_CODE_REF, gdb.TYPE_CODE_RVALUE_REF):
        type_ = type_.target().strip_typedefs()
    if type_.code != gdb.TYPE_CODE_STRUCT:
        return None
    try:
        return NodePrinter(value) if _node_base(type_) is not None else None
    except READ_ERRORS:
        return None


def register(collection):
    collection.add("Tensor", _tensor_printer)
    collection.add("TensorImpl", text_printer("TensorImpl", lambda impl: f"TensorImpl({tensor_impl_text(impl)})"))
    collection.add("ScalarType", text_printer("ScalarType", dtype_name))
    collection.add("Edge", text_printer("Edge", _edge_text))
    collection.add("SavedVariable", text_printer("SavedVariable", _saved_variable_text))
    if _lookup_node not in gdb.pretty_printers:
        gdb.pretty_printers.append(_lookup_node)
