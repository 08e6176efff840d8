import torch

t = torch.tensor([1.0, 2.0])
print(repr(t))
print(str(t))
print(f"{t}")
print("value: %s" % t)
print([t, t])
print(repr(torch.tensor([1, 2], dtype=torch.int64)))
