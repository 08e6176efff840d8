import torch

a = torch.tensor(1.0)
b = torch.tensor(1.0)
print(a in [b])
print(a == b)
print(torch.tensor(2) in [torch.tensor(1), torch.tensor(2)])
