#!/usr/bin/python3
"""Record, in PyTorch 1.13, the order in which dispatch modes and tensor
subclasses get `__torch_dispatch__`, and which keys run inside it, for the
tests of chapter 06's Python key (mini_torch).

Writes chapters/06_backends/python/tests/data/pytorch-1.13-python-order.json,
read by chapters/06_backends/python/tests/test_python_order.py (no torch
needed there). The file holds the programs themselves, so that the test runs
the very text torch ran: a preamble of classes (modes and subclasses that
append what they see to `log`), then per program its source and what it
gave, `log` plus one line per result or error. Each program runs in a fresh
namespace named `program` holding `torch`, `Tensor` (the base of the
subclasses: torch.Tensor with __torch_function__ disabled, as 1.13's
LoggingTensor has it), `TorchDispatchMode` and `enable_reentrant_dispatch`;
the test binds the same names to mini_torch's.

    /usr/bin/python3 maint/reference/gen_python_order_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-python-order.json
"""

import json
import re
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
from torch.overrides import enable_reentrant_dispatch  # noqa: E402
from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402

PREAMBLE = '''
log = []


def names(types):
    return "[" + ", ".join(t.__name__ for t in types) + "]"


class LoggingMode(TorchDispatchMode):
    def __init__(self, name):
        self.name = name

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        log.append(f"mode {self.name}: {func} types={names(types)}")
        return func(*args, **(kwargs or {}))


class DecliningMode(TorchDispatchMode):
    """Declines (NotImplemented) every call with a tensor subclass in it."""
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        log.append(f"declining mode: {func} types={names(types)}")
        if types:
            return NotImplemented
        return func(*args, **(kwargs or {}))


class RefusingMode(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        log.append(f"refusing mode: {func} types={names(types)}")
        return NotImplemented


def unwrap(value):
    return value.elem if isinstance(value, Wrapper) else value


class Wrapper(Tensor):
    """1.13's LoggingTensor: logs, unwraps, calls func, wraps the result."""
    __slots__ = ["elem"]
    declines = ()
    reentrant = False

    def __new__(cls, elem):
        wrapper = Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype)
        wrapper.elem = elem
        return wrapper

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        log.append(f"{cls.__name__}: {func} types={names(types)}")
        if any(t.__name__ in cls.declines for t in types):
            return NotImplemented
        call_args = [unwrap(arg) for arg in args]
        call_kwargs = {key: unwrap(value) for key, value in (kwargs or {}).items()}
        if cls.reentrant:
            with enable_reentrant_dispatch():
                result = func(*call_args, **call_kwargs)
        else:
            result = func(*call_args, **call_kwargs)
        log.append(f"{cls.__name__}: {func} gave requires_grad={result.requires_grad}")
        return cls(result)


class LoggingTensor(Wrapper):
    pass


class Other(Wrapper):
    pass


class Polite(Wrapper):
    declines = ("Other",)


class Reentrant(Wrapper):
    reentrant = True


def show(result):
    """Outside the modes: mini_torch's tolist() is an operator call (a copy to
    float64), 1.13's is not."""
    return f"{type(result).__name__} {unwrap(result).tolist()}"
'''

PROGRAMS = {
    "mode_before_subclass": '''
a = LoggingTensor(torch.tensor([1.0, 2.0]))
with LoggingMode("m"):
    result = torch.neg(a)
log.append(show(result))
''',
    "nested_modes_before_subclass": '''
a = LoggingTensor(torch.tensor([1.0, 2.0]))
b = torch.tensor([3.0, 4.0])
with LoggingMode("outer"):
    with LoggingMode("inner"):
        result = torch.add(a, b)
log.append(show(result))
''',
    "nested_modes_plain": '''
a, b = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])
with LoggingMode("outer"), LoggingMode("inner"):
    result = torch.mul(a, b)
log.append(show(result))
''',
    "mode_declines_to_subclass": '''
a = LoggingTensor(torch.tensor([1.0, 2.0]))
with DecliningMode():
    result = torch.neg(a)
log.append(show(result))
''',
    "every_one_declines": '''
a = torch.tensor([1.0, 2.0])
with RefusingMode():
    try:
        torch.neg(a)
    except TypeError as error:
        log.append(f"TypeError: {error}")
''',
    "subclass_declines_to_the_next": '''
a = Polite(torch.tensor([1.0, 2.0]))
b = Other(torch.tensor([3.0, 4.0]))
log.append(show(torch.add(a, b)))
''',
    "below_autograd_inside": '''
g = torch.tensor([1.0, 2.0], requires_grad=True)
log.append(show(torch.neg(LoggingTensor(g))))
''',
    "reentrant_dispatch_restores_autograd": '''
g = torch.tensor([1.0, 2.0], requires_grad=True)
log.append(show(torch.neg(Reentrant(g))))
''',
    "reentrant_dispatch_outside": '''
try:
    with enable_reentrant_dispatch():
        pass
except RuntimeError as error:
    log.append(f"RuntimeError: {error}")
''',
}


class TorchTensor(torch.Tensor):
    __torch_function__ = torch._C._disabled_torch_function_impl


def run(source: str) -> list:
    namespace = {"__name__": "program", "torch": torch, "Tensor": TorchTensor,
                 "TorchDispatchMode": TorchDispatchMode, "enable_reentrant_dispatch": enable_reentrant_dispatch}
    exec(PREAMBLE + source, namespace)  # noqa: S102 (our programs)
    return [normalize(line) for line in namespace["log"]]


def normalize(line: str) -> str:
    """An object's address changes from run to run; and the mode an error
    names is, in 1.13, its internal _TorchDispatchStackMode (the one mode
    the C++ side holds), where mini_torch names the user's mode."""
    return re.sub(r"<[\w.]+ object at 0x[0-9a-f]+>", "<the active mode>", line)


def main(out_path: str) -> int:
    data = {"torch": torch.__version__, "generator": "maint/reference/gen_python_order_data.py",
            "preamble": PREAMBLE, "programs": [{"name": name, "source": source, "log": run(source)}
                                               for name, source in PROGRAMS.items()]}
    with open(out_path, "w", encoding="utf-8") as out:
        json.dump(data, out, indent=1)
        out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
