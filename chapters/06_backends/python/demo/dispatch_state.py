"""The dispatcher's state from Python, as a PyTorch engineer reads a live
one with torch._C (chapter 06, part 8). Run through the build tree's
launcher, chapters/06_backends/python/demo/dispatch_state, which puts
mini_torch on the path:

    dispatch_state add     _dispatch_dump and _dispatch_dump_table of aten::add.Tensor
    dispatch_state python  PythonDispatcher's tables for CPU, FPGA and CompositeImplicitAutograd
"""

import sys

from mini_torch import _C
from mini_torch._python_dispatcher import PythonDispatcher


def show_add():
    # [dispatch_dump]
    print(_C._dispatch_dump("aten::add.Tensor"))
    print(_C._dispatch_dump_table("aten::add.Tensor"))
    # [dispatch_dump]


def show_python_dispatcher():
    # [python_dispatcher]
    dispatcher = PythonDispatcher()
    dispatcher.register(["CPU", "FPGA", "CompositeImplicitAutograd"])
    print(dispatcher.registrations())
    print(dispatcher.dispatchTable())
    # [python_dispatcher]


if __name__ == "__main__":
    if sys.argv[1:] == ["add"]:
        show_add()
    elif sys.argv[1:] == ["python"]:
        show_python_dispatcher()
    else:
        sys.exit(__doc__)
