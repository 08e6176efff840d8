import torch
from torch.library import Library

lib = Library("issue40r", "DEF")
lib.define("loop(Tensor x) -> Tensor")


def loop(x):
    return torch.ops.issue40r.loop(x)


lib.impl("loop", loop, "CPU")
try:
    torch.ops.issue40r.loop(torch.ones(1))
except RecursionError as e:
    print("RecursionError", str(e).count("RuntimeError"))
