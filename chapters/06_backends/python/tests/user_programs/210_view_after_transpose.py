import torch

m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(m.t().view(6))
