import torch

t = torch.tensor([1.7, -2.7])
print(t.to(torch.float64))
print(t.to(torch.int64))
print(t.to(torch.bool))
print(t.to("cpu"))
print(t.to(torch.float16).dtype)
print(t.to(dtype=torch.int64).dtype)
