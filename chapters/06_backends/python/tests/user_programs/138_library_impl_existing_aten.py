import torch
from torch.library import Library

a = torch.tensor([1.0, 2.0])
print(torch.neg(a))
lib = Library("aten", "IMPL")
calls = []

def my_neg(x):
    calls.append("called")
    return torch.zeros(2)

lib.impl("neg", my_neg, "CPU")
print(torch.neg(a))
print(calls)
