"""Printers for chapter 02 on: backends and key sets, flat and split.

Everything is decoded from the enums in the debug info, the way the C++ code
lays keys out (c10/core/DispatchKey.h in PyTorch 1.13):

- BackendComponent: InvalidBit = 0, then one enumerator per backend up to
  EndOfBackendKeys; backend b owns key-set bit b - 1.
- DispatchKey: functionality keys from 1 up to EndOfFunctionalityKeys;
  functionality k owns bit num_backends + k - 1.
- A per-backend functionality F has a block `StartOf<F>Backends, <runtime key
  per backend>`, so its runtime key for backend b is the enumerator whose value
  is StartOf<F>Backends + b.

A chapter that adds a key or a backend needs no change here. (DispatchKey
itself prints through chapter 01's printer, which serves every chapter.)
"""
import re

import gdb

from printers import enum_name, enumerators, guarded


def _first_names(enum_type):
    """{value: name} keeping the first declared name for each value, so that
    PrivateUse1 wins over the marker EndOfDenseBackends = PrivateUse1."""
    names = {}
    for name, value in enumerators(enum_type):
        names.setdefault(value, name)
    return names


class _KeyLayout:
    """The key layout of one chapter's namespace, read from debug info."""

    def __init__(self, namespace):
        key_type = gdb.lookup_type(namespace + "::DispatchKey")
        backend_type = gdb.lookup_type(namespace + "::BackendComponent")
        key_values = dict(enumerators(key_type))
        backend_values = dict(enumerators(backend_type))
        self.num_backends = backend_values["EndOfBackendKeys"]
        backend_names = _first_names(backend_type)
        self.backends = [(b, backend_names[b]) for b in range(1, self.num_backends + 1)]
        key_names = _first_names(key_type)
        self.functionalities = [(k, key_names[k]) for k in range(1, key_values["EndOfFunctionalityKeys"])]
        # functionality value -> value of its StartOf...Backends marker
        self.block_start = {}
        for name, value in enumerators(key_type):
            match = re.fullmatch(r"StartOf(\w+)Backends", name)
            if match and match.group(1) in key_values:
                self.block_start[key_values[match.group(1)]] = value
        self.key_names = key_names

    def names(self, repr_):
        """The set's keys, lowest priority first, as the C++ formatter lists them."""
        backend_bits = [(b, name) for b, name in self.backends if repr_ & (1 << (b - 1))]
        keys = []
        has_per_backend = False
        for k, name in self.functionalities:
            if not repr_ & (1 << (self.num_backends + k - 1)):
                continue
            if k in self.block_start:
                has_per_backend = True
                if backend_bits:
                    keys.extend(self.key_names[self.block_start[k] + b] for b, _ in backend_bits)
                    continue
            keys.append(name)
        stray = [] if has_per_backend else [name for _, name in backend_bits]
        return stray + keys


def _namespace(value):
    return str(value.type.strip_typedefs().unqualified()).rsplit("::", 1)[0]


class DispatchKeySetPrinter:
    """A split key set prints as `DispatchKeySet(CPU, ADInplaceOrView, AutogradCPU)`."""

    def __init__(self, value):
        self.value = value

    @guarded("DispatchKeySet")
    def to_string(self):
        repr_ = int(self.value["repr_"])
        return "DispatchKeySet({})".format(", ".join(_KeyLayout(_namespace(self.value)).names(repr_)))


class FlatDispatchKeySetPrinter:
    """A flat key set prints as `FlatDispatchKeySet(CPU, AutogradCPU)`: bit i
    is the key kFlatKeyOrder[i], read from the program itself."""

    def __init__(self, value):
        self.value = value

    @guarded("FlatDispatchKeySet")
    def to_string(self):
        repr_ = int(self.value["repr_"])
        order = gdb.parse_and_eval(_namespace(self.value) + "::kFlatKeyOrder")
        count = order.type.sizeof // order[0].type.sizeof
        names = [enum_name(order[bit]) for bit in range(count) if repr_ & (1 << bit)]
        return "FlatDispatchKeySet({})".format(", ".join(names))


class BackendComponentPrinter:
    """BackendComponent::CUDABit prints as `CUDABit`."""

    def __init__(self, value):
        self.value = value

    @guarded("BackendComponent")
    def to_string(self):
        return enum_name(self.value)


def register(collection):
    collection.add("DispatchKeySet", DispatchKeySetPrinter)
    collection.add("FlatDispatchKeySet", FlatDispatchKeySetPrinter)
    collection.add("BackendComponent", BackendComponentPrinter)
