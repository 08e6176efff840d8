import torch

x = torch.tensor([float("nan"), 1.0, float("inf"), -float("inf")])
print(x == x)
print(x != x)
print(x < 1.0)
print(x > 1e38)
print(x <= float("inf"))
print(x >= -float("inf"))
print((x != x).sum().item())
