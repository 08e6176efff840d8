"""Printers for chapter 04 on: IValue and Stack.

An IValue prints as `IValue(Int 3)`, `IValue(Double 0.5)`, `IValue(None)`,
`IValue(Tensor [1, 2, 3] DispatchKeySet(CPU, ...))`, `IValue(String "mean")`,
`IValue(IntList [1, 2])`; from chapter 05 on a tensor prints as the Tensor
printer writes it, `IValue(Tensor(float64, shape=[2], requires_grad=True))`,
since the TensorImpl there has a shape and a dtype instead of a value list
(each chapter's layout is read from the debug info). The tag's name is read from the IValue::Tag enum in
the debug info, and the payload member read is chosen by that name (Int reads
asInt, a heap tag follows asHeapObject to the object's dynamic type), so a
chapter that adds a tag with a payload of a known kind needs no change here.

A Stack is `std::vector<IValue>`: it prints as `Stack[IValue(...), ...]`,
top of the stack last, as the C++ code pushes, at most MAX_SHOWN values
with the rest counted. A stack read before its constructor ran (three
pointers of garbage) prints `<invalid Stack: ...>` at once.
"""
import re

import gdb

from printers import Invalid, enum_name, guarded, has_field, joined, referent, std_string, vector_elements
from printers.ch05_autograd import impl_as_tensor_text


def _number(value):
    text = str(value)
    return text[:-2] if text.endswith(".0") else text


def _heap_object(payload):
    """The object a heap tag's pointer owns, as its dynamic (derived) type."""
    pointer = payload["asHeapObject"]
    if int(pointer) == 0:
        raise Invalid("null heap object")
    return pointer.dereference().cast(pointer.dynamic_type.target())


def _tensor_text(impl):
    """A tensor inside an IValue: chapter 04's as `[1, 2, 3] DispatchKeySet(...)`,
    a later chapter's as its Tensor printer writes it."""
    if not has_field(impl, "values_"):
        return impl_as_tensor_text(impl)
    values, size = vector_elements(impl["values_"])
    batch = int(impl["batchSize_"])
    batched = " batched({})".format(batch) if batch else ""
    return "[{}]{} {}".format(joined([_number(v) for v in values], size), batched, impl["keySet_"].format_string())


class IValuePrinter:
    """IValue prints as `IValue(<Tag> <payload>)`."""

    SCALARS = {"Double": "asDouble", "Int": "asInt", "Bool": "asBool"}
    HEAP = ("Tensor", "String", "Tuple", "GenericList", "GenericDict")

    def __init__(self, value):
        self.value = value

    @guarded("IValue")
    def to_string(self):
        return ivalue_text(self.value)


def ivalue_text(value):
    tag = enum_name(value["tag_"])
    payload = value["payload_"]
    if tag == "None":
        return "IValue(None)"
    if tag in IValuePrinter.SCALARS:
        return "IValue({} {})".format(tag, _number(payload[IValuePrinter.SCALARS[tag]]))
    if tag == "Device":
        from printers.ch06_backends import device_text

        return "IValue(Device {})".format(device_text(payload["asDevice"]))
    if tag not in IValuePrinter.HEAP:
        raise Invalid(f"tag {tag}")
    target = _heap_object(payload)
    if tag == "Tensor":
        text = _tensor_text(target)
        whole = text.startswith("Tensor(") or text.startswith("BatchedTensor(")
        return "IValue({})".format(text) if whole else "IValue(Tensor {})".format(text)
    if tag == "String":
        return 'IValue(String "{}")'.format(std_string(target["value"]))
    if tag == "GenericDict":
        entries, size = vector_elements(target["dict"]["entries_"])
        texts = ["{}: {}".format(_element_text(e["first"]), _element_text(e["second"])) for e in entries]
        return "IValue(GenericDict {{{}}})".format(joined(texts, size))
    items, size = vector_elements(target["elements_"] if tag == "Tuple" else target["list"])
    texts = joined([_element_text(v) for v in items], size)
    return "IValue(Tuple ({}))".format(texts) if tag == "Tuple" else "IValue(GenericList [{}])".format(texts)


def _element_text(value):
    """A member of a tuple, list or dict: a number, a quoted string or a
    tensor as it prints, anything else as its IValue."""
    tag = enum_name(value["tag_"])
    payload = value["payload_"]
    if tag in IValuePrinter.SCALARS:
        return _number(payload[IValuePrinter.SCALARS[tag]])
    if tag == "String":
        return '"{}"'.format(std_string(_heap_object(payload)["value"]))
    if tag == "Tensor":
        return _tensor_text(_heap_object(payload))
    return ivalue_text(value)


class StackPrinter:
    """Stack (std::vector<IValue>) prints as `Stack[IValue(...), ...]`: at
    most MAX_SHOWN values, the rest counted."""

    def __init__(self, value):
        self.value = referent(value)

    @guarded("Stack")
    def to_string(self):
        values, size = vector_elements(self.value)
        texts = []
        for value in values:
            try:
                texts.append(ivalue_text(value))
            except (gdb.error, gdb.MemoryError, Invalid, ValueError) as error:
                texts.append("<invalid IValue{}>".format(": " + str(error) if isinstance(error, Invalid) else ""))
        return "Stack[{}]".format(joined(texts, size))


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
