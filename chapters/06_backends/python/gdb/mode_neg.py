"""What the second gdb walkthrough from Python runs: mini_torch.neg(a) under
a TorchDispatchMode written in Python, whose __torch_dispatch__ calls func
again: C++ calls back into Python, which calls into C++ once more."""

# [mode_neg]
import mini_torch
from mini_torch.utils._python_dispatch import TorchDispatchMode


class PrintingMode(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print(f"__torch_dispatch__: {func}", flush=True)
        return func(*args, **(kwargs or {}))


a = mini_torch.tensor([1.0, 2.0])
with PrintingMode():
    print(mini_torch.neg(a))
# [mode_neg]
