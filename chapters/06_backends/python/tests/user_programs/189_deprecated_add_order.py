import torch
import sys

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
print(torch.add(a, 2, b))
