"""Printers for chapter 04 on: IValue and Stack.

An IValue prints as `IValue(Int 3)`, `IValue(Double 0.5)`, `IValue(None)`,
`IValue(Tensor [1, 2, 3] DispatchKeySet(CPU, ...))`, `IValue(String "mean")`,
`IValue(IntList [1, 2])`. The tag's name is read from the IValue::Tag enum in
the debug info, and the payload member read is chosen by that name (Int reads
asInt, a heap tag follows asHeapObject to the object's dynamic type), so a
chapter that adds a tag with a payload of a known kind needs no change here.

A Stack is `std::vector<IValue>`: it prints as `Stack[IValue(...), ...]`,
top of the stack last, as the C++ code pushes.
"""
import re

import gdb

from printers import enum_name


def _vector_elements(vector):
    """The elements of a libstdc++ std::vector, read from its three pointers."""
    impl = vector["_M_impl"]
    start, finish = impl["_M_start"], impl["_M_finish"]
    return [(start + i).dereference() for i in range(int(finish - start))]


def _number(value):
    text = str(value)
    return text[:-2] if text.endswith(".0") else text


def _heap_object(payload):
    """The object a heap tag's pointer owns, as its dynamic (derived) type."""
    pointer = payload["asHeapObject"]
    return pointer.dereference().cast(pointer.dynamic_type.target())


def _tensor_text(impl):
    values = ", ".join(_number(v) for v in _vector_elements(impl["values_"]))
    batch = int(impl["batchSize_"])
    batched = " batched({})".format(batch) if batch else ""
    return "[{}]{} {}".format(values, batched, impl["keySet_"])


class IValuePrinter:
    """IValue prints as `IValue(<Tag> <payload>)`."""

    SCALARS = {"Double": "asDouble", "Int": "asInt", "Bool": "asBool"}

    def __init__(self, value):
        self.value = value

    def to_string(self):
        tag = enum_name(self.value["tag_"])
        payload = self.value["payload_"]
        if tag == "None":
            return "IValue(None)"
        if tag in self.SCALARS:
            return "IValue({} {})".format(tag, _number(payload[self.SCALARS[tag]]))
        if tag == "Device":
            device = payload["asDevice"]
            return "IValue(Device {}:{})".format(enum_name(device["type"]), int(device["index"]))
        target = _heap_object(payload)
        if tag == "Tensor":
            return "IValue(Tensor {})".format(_tensor_text(target))
        held = target["value"]
        if tag == "String":
            return 'IValue(String "{}")'.format(held["_M_dataplus"]["_M_p"].string())
        if tag == "TensorList":
            tensors = [_tensor_text(t["impl_"]["target_"].dereference()) for t in _vector_elements(held)]
            return "IValue(TensorList [{}])".format(", ".join(tensors))
        return "IValue({} [{}])".format(tag, ", ".join(_number(v) for v in _vector_elements(held)))


class StackPrinter:
    """Stack (std::vector<IValue>) prints as `Stack[IValue(...), ...]`."""

    def __init__(self, value):
        self.value = value

    def to_string(self):
        return "Stack[{}]".format(", ".join(IValuePrinter(v).to_string() for v in _vector_elements(self.value)))


_STACK_TYPE = re.compile(r"^std::vector<mini::(ch\d\d::)?IValue,")


def _lookup_stack(value):
    # Stack is an alias, so gdb sees std::vector<IValue>: the name-based
    # collection cannot match it; this lookup does.
    type_ = value.type.strip_typedefs()
    if type_.code == gdb.TYPE_CODE_REF:
        type_ = type_.target().strip_typedefs()
    name = type_.unqualified().tag or ""
    return StackPrinter(value) if _STACK_TYPE.match(name) else None


def _install_stack_lookup(objfile):
    # libstdc++ registers its std::vector printer on its own objfile, and
    # objfile printers are asked before global ones: to be asked first, the
    # Stack lookup goes at the front of every objfile's list (the program's
    # comes first).
    if _lookup_stack not in objfile.pretty_printers:
        objfile.pretty_printers.insert(0, _lookup_stack)


def register(collection):
    collection.add("IValue", IValuePrinter)
    for objfile in gdb.objfiles():
        _install_stack_lookup(objfile)
    gdb.events.new_objfile.connect(lambda event: _install_stack_lookup(event.new_objfile))
