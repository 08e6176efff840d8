import torch

z = torch.tensor([-0.0, 0.0])
print(z)
print(z.tolist())
print(torch.tensor(-0.0))
print(torch.tensor(-0.0).item())
print(torch.tensor([-0.0, 1.5]))
print(-torch.zeros(2))
print(torch.zeros(2) * -1 == 0)
