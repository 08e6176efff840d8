import torch

a = torch.ones(2, 2, dtype=torch.float16)
print(a @ a)
