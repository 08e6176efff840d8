"""TorchDispatchMode, torch/utils/_python_dispatch.py's: a Python class
whose __torch_dispatch__(func, types, args, kwargs) every operator call
reaches once it is past autograd, while the mode is on the stack.

    class Logging(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            print(func)
            return func(*args, **(kwargs or {}))

    with Logging():
        mini_torch.add(a, b)

The stack is chapter 06's C++ mode stack: the Python key's fallback takes
the top mode off while its handler runs (the stash), so func(*args) inside
the handler goes to the mode below, or to the kernel.
"""

import contextlib

from mini_torch import _C


# [torch_dispatch_mode]
class TorchDispatchMode:
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        raise NotImplementedError()

    def __enter__(self):
        _C._push_python_mode(self)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        _C._pop_python_mode()
# [torch_dispatch_mode]


def _len_torch_dispatch_stack():
    return _C._mode_stack_len()


@contextlib.contextmanager
def _pop_mode_temporarily():
    """The top mode off the stack for the block, given to it; back after."""
    mode = _C._pop_python_mode()
    try:
        yield mode
    finally:
        _C._push_python_mode(mode)
