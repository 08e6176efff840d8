import torch

t = torch.tensor([9223372036854775807])
print(t + 1)
print(torch.tensor([-9223372036854775808]) - 1)
print(torch.tensor([2 ** 62]) * 4)
