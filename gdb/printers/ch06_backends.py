"""The Device printer, for chapter 04 on.

Device prints as torch.device does: `cpu`, `cuda:0`, `privateuseone:0`.
Chapters 04 and 05 name a device by its BackendComponent (`CPUBit`), chapter
06 by a DeviceType (`CPU`); the enumerator's name is read from the debug info
either way. (Chapter 06's Tensor, with its device, prints through
ch05_autograd.py, which reads each chapter's TensorImpl layout.)
"""
from printers import enum_name, text_printer

# torch's device type names for the DeviceType (or BackendComponent) enumerators.
_DEVICE_NAMES = {"CPU": "cpu", "CUDA": "cuda", "Meta": "meta", "PrivateUse1": "privateuseone"}


def device_text(device):
    name = enum_name(device["type"])
    name = name[:-3] if name.endswith("Bit") else name
    name = _DEVICE_NAMES.get(name, name)
    index = int(device["index"])
    return name if index < 0 else "{}:{}".format(name, index)


def register(collection):
    collection.add("Device", text_printer("Device", device_text))
