import torch

t = torch.tensor([1.0])
print(t.dtype, t.device)
print(t.device.type)
print(t.dtype == torch.float32)
print(str(t.dtype), repr(t.device))
print(torch.device("cpu") == t.device)
print(t.is_floating_point())
