import torch

print(torch.arange(-500, 501))
print(torch.arange(1001) * 1000000)
print(torch.arange(12).view(3, 4) > 5)
