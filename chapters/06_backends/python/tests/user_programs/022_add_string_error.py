import torch

a = torch.tensor([1.0, 2.0])
try:
    a + "x"
except TypeError as e:
    print(type(e).__name__, e)
try:
    torch.add(a, "x")
except TypeError as e:
    print(type(e).__name__, e)
print(torch.add(a, None))
