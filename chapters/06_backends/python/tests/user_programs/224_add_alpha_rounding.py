import torch

a = torch.tensor([0.1, 0.2, 0.3, 1e-8])
b = torch.tensor([0.7, 0.11, 1.3, 3.0])
print(torch.add(a, b, alpha=0.3).tolist())
print(torch.sub(a, b, alpha=1.7).tolist())
print((a * b).tolist())
print((a / b).tolist())
