"""Printers for chapter 06: Device, ScalarType, and a Tensor with its device.

A chapter 06 Tensor is chapter 05's (one intrusive pointer to a TensorImpl
with `dtype`, `sizes` and `autograd`) plus `strides`, `storageOffset` and a
`storage` whose DataPtr knows the device. It prints as torch describes one:

    Tensor(float32, shape=[3, 1], device=cpu, requires_grad=True, grad_fn=AddBackward0)

Device prints as torch.device does (`cpu`, `cuda:0`, `privateuseone:0`) and
ScalarType as torch.dtype (`float32`). These printers match mini::ch06 types
only, and go before chapter 05's Tensor printer, which would otherwise take
a chapter 06 tensor for one of its own.
"""
from printers import enum_name, referent
from printers.ch05_autograd import _DTYPE_NAMES, _first_pointer, _node_name, _vector_items

# torch's device type names for the DeviceType enumerators.
_DEVICE_NAMES = {"CPU": "cpu", "CUDA": "cuda", "Meta": "meta", "PrivateUse1": "privateuseone"}


def _device_string(device):
    name = enum_name(device["type"])
    name = _DEVICE_NAMES.get(name, name)
    index = int(device["index"])
    return name if index < 0 else "{}:{}".format(name, index)


class DevicePrinter:
    def __init__(self, value):
        self.value = referent(value)

    def to_string(self):
        return _device_string(self.value)


class ScalarTypePrinter:
    def __init__(self, value):
        self.value = referent(value)

    def to_string(self):
        name = enum_name(self.value)
        return _DTYPE_NAMES.get(name, name)


class TensorPrinter:
    def __init__(self, value):
        self.value = referent(value)

    def to_string(self):
        impl = self.value["impl_"]["target_"]
        if int(impl) == 0:
            return "Tensor(undefined)"
        impl = impl.dereference()
        dtype = enum_name(impl["dtype"])
        shape = ", ".join(str(size) for size in _vector_items(impl["sizes"]))
        parts = ["Tensor({}".format(_DTYPE_NAMES.get(dtype, dtype)), "shape=[{}]".format(shape)]
        storage = _first_pointer(impl["storage"])
        if storage is not None and int(storage) != 0:
            parts.append("device={}".format(_device_string(storage.dereference()["dataPtr"]["device_"])))
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


def register(collection):
    printer = collection.printer
    before = len(printer.subprinters)
    printer.add_printer("ch06::Tensor", r"^mini::ch06::Tensor$", TensorPrinter)
    printer.add_printer("ch06::Device", r"^mini::ch06::Device$", DevicePrinter)
    printer.add_printer("ch06::ScalarType", r"^mini::ch06::ScalarType$", ScalarTypePrinter)
    # The first matching printer wins: put these before earlier chapters'.
    added = printer.subprinters[before:]
    del printer.subprinters[before:]
    printer.subprinters[0:0] = added
