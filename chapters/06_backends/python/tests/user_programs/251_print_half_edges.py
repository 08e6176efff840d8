import torch

h = torch.tensor([65504.0, 1e-7, 6e-8, 0.1, -2.0], dtype=torch.float16)
print(h)
print(torch.tensor([70000.0]).half())
print(torch.tensor([1.0, float("inf"), float("nan")], dtype=torch.float16))
print(torch.tensor(0.3333, dtype=torch.float16))
print(torch.tensor([1.0, 2.0], dtype=torch.bfloat16) / 3)
