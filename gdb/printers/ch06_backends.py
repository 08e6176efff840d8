"""The Device printer, for chapter 04 on, and chapter 06's Half, BFloat16 and Scalar.

Device prints as torch.device does: `cpu`, `cuda:0`, `privateuseone:0`.
Chapters 04 and 05 name a device by its BackendComponent (`CPUBit`), chapter
06 by a DeviceType (`CPU`); the enumerator's name is read from the debug info
either way. (Chapter 06's Tensor, with its device, prints through
ch05_autograd.py, which reads each chapter's TensorImpl layout.)
"""
import struct

from printers import enum_name, text_printer

# torch's device type names for the DeviceType (or BackendComponent) enumerators.
_DEVICE_NAMES = {"CPU": "cpu", "CUDA": "cuda", "Meta": "meta", "PrivateUse1": "privateuseone"}


def device_text(device):
    name = enum_name(device["type"])
    name = name[:-3] if name.endswith("Bit") else name
    name = _DEVICE_NAMES.get(name, name)
    index = int(device["index"])
    return name if index < 0 else "{}:{}".format(name, index)


def half_text(value):
    """A mini::Half as the number its two bytes hold, as torch prints an
    element: `Half(0.0999755859375)`, not `{x = 11878}`."""
    return "Half({!r})".format(struct.unpack("<e", struct.pack("<H", int(value["x"])))[0])


def bfloat16_text(value):
    """A mini::BFloat16: the top half of a float32."""
    return "BFloat16({!r})".format(struct.unpack("<f", struct.pack("<I", int(value["x"]) << 16))[0])


def scalar_text(value):
    """A mini::Scalar as its kind and number, as the IValue printer shows a
    number: `Scalar(Int 2)`, `Scalar(Double 0.5)`, `Scalar(Bool true)`. The
    kind matters: add refuses alpha=2.5 for an int tensor, not alpha=2."""
    tag = enum_name(value["tag_"])
    number = value["value_"]
    if tag == "Double":
        return "Scalar(Double {!r})".format(float(number["asDouble"]))
    if tag == "Bool":
        return "Scalar(Bool {})".format("true" if bool(number["asBool"]) else "false")
    return "Scalar(Int {})".format(int(number["asInt"]))


def register(collection):
    collection.add("Device", text_printer("Device", device_text))
    collection.add("Half", text_printer("Half", half_text))
    collection.add("BFloat16", text_printer("BFloat16", bfloat16_text))
    collection.add("Scalar", text_printer("Scalar", scalar_text))
