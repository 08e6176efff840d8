import torch

x = torch.tensor([3.0, 7.0, 1.0])
print(x.max())
print(x.argmax())
