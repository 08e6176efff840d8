import torch

col = torch.tensor([[1.0], [2.0], [3.0]])
row = torch.tensor([[10.0, 20.0, 30.0, 40.0]])
out = col + row
print(out.shape)
print(out)
print((col * row).sum())
