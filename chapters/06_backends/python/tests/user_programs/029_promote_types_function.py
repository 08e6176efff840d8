import torch

print(torch.promote_types(torch.int64, torch.float32))
