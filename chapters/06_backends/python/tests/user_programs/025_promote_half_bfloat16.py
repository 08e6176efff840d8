import torch

h = torch.tensor([1.0, 2.0], dtype=torch.float16)
bf = torch.tensor([1.0, 2.0], dtype=torch.bfloat16)
print((h + bf).dtype)
print((h + 1).dtype, (bf * 2.5).dtype)
print((h + torch.tensor(1.0, dtype=torch.float64)).dtype)
print((h + torch.tensor([1.0], dtype=torch.float64)).dtype)
print(h + bf)
