import torch

t = torch.tensor([9223372036854775807, -9223372036854775808, 0])
print(t)
print(t.dtype)
print(t.tolist())
print(type(t.tolist()[0]).__name__)
print(torch.tensor(9223372036854775807).item())
print(torch.tensor(-9223372036854775808).item())
