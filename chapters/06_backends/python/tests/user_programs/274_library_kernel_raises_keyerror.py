import torch
from torch.library import Library

table = {"a": 1}
def kernel(x):
    return x * table["b"]

lib = Library("ulib274", "DEF")
lib.define("lookup(Tensor x) -> Tensor")
lib.impl("lookup", kernel, "CPU")
try:
    torch.ops.ulib274.lookup(torch.tensor([1.0]))
except KeyError as e:
    print("KeyError", e)
except Exception as e:
    print("other", type(e).__name__, e)
torch.ops.ulib274.lookup(torch.tensor([1.0]))
