import torch

a = torch.tensor([[1, 2], [3, 4]])
print(a @ a)
print((a @ a).dtype)
