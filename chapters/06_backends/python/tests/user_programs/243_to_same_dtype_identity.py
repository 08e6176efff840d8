import torch

t = torch.tensor([1.0, 2.0])
print(t.to(torch.float32) is t)
print(t.float() is t)
print(t.to(torch.float64) is t)
print(t.to(torch.float32, copy=True) is t)
print(t.to("cpu") is t)
print(t.cpu() is t)
print(t.to(device="cpu", dtype=torch.float16))
print(t.type(torch.int64))
