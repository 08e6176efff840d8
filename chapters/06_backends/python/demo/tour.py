"""The tour's last stop (tools/tour): chapter 06's dispatcher from Python.

    PYTHONPATH=build/default/chapters/06_backends/python python3 chapters/06_backends/python/demo/tour.py

Two tensors added through the generated binding THPVariable_add, a backward
pass, an operator defined and implemented in Python and called through
mini_torch.ops, and a dispatch mode written in Python that sees each call.
"""

import mini_torch
from mini_torch.library import Library
from mini_torch.utils._python_dispatch import TorchDispatchMode


class LoggingMode(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print(f"  __torch_dispatch__: {func}")
        return func(*args, **(kwargs or {}))


def main():
    a = mini_torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = mini_torch.tensor([10.0, 20.0, 30.0])
    c = mini_torch.add(a, b, alpha=2)
    print(f"add(a, b, alpha=2) = {c}")
    (c * c).sum().backward()
    print(f"a.grad after (c * c).sum().backward() = {a.grad}")

    # [library]
    lib = Library("tour", "DEF")
    lib.define("axpy(Tensor x, Tensor y, float alpha) -> Tensor")
    lib.impl("axpy", lambda x, y, alpha: mini_torch.add(y, x, alpha=alpha), "CPU")
    axpy = mini_torch.ops.tour.axpy.default
    print(f"{axpy._schema}, a kernel written in Python:")
    print(f"  {axpy(b, b, 0.5)}")
    # [library]

    print("the calls a Python dispatch mode sees for neg(a * b):")
    with LoggingMode():
        mini_torch.neg(a * b)
    lib.close()


if __name__ == "__main__":
    main()
