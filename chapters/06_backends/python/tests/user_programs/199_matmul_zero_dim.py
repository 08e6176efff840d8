import torch

print(torch.matmul(torch.tensor(2.0), torch.tensor(3.0)))
