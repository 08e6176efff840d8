import torch

h = torch.tensor([0.1, 65504.0, 70000.0, 1e-8], dtype=torch.float16)
print(h)
print(h.tolist())
b = torch.tensor([0.1, 1.0 + 2 ** -9, 3e38], dtype=torch.bfloat16)
print(b)
print(b.tolist())
