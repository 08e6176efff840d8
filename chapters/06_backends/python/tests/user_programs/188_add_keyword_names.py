import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
print(torch.add(input=a, other=b))
print(torch.add(a, other=b, alpha=2))
print(a.add(other=b))
print(torch.sub(a, b, alpha=2.5))
