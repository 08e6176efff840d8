import torch

i = torch.tensor([1, 2, 3])
b = torch.tensor([True, False, True])
h = torch.tensor([1.0, 2.0], dtype=torch.float16)
print(i.sum(), i.sum().dtype)
print(b.sum(), b.sum().dtype)
print(h.sum(), h.sum().dtype)
