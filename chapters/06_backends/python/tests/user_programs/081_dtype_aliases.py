import torch

print(torch.float, torch.double, torch.long, torch.half)
print(torch.float is torch.float32)
print(torch.float32.is_floating_point, torch.int64.is_floating_point)
print(torch.bool.is_signed if hasattr(torch.bool, "is_signed") else "n/a")
print(torch.get_default_dtype())
