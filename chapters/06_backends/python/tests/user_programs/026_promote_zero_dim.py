import torch

h = torch.tensor([1.0, 2.0], dtype=torch.float16)
i = torch.tensor([1, 2])
print((h + torch.tensor(3.0)).dtype)
print((i + torch.tensor(3.0)).dtype)
print((i + torch.tensor(3.0, dtype=torch.float64)).dtype)
print((torch.tensor(1) + torch.tensor(2.0, dtype=torch.float64)).dtype)
print((torch.tensor(True) + i).dtype)
