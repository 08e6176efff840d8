import torch

print(torch.tensor([1.1, 2.2, 3.3], dtype=torch.bfloat16).tolist())
print(torch.tensor([1.1, 2.2, 3.3], dtype=torch.float16).tolist())
print(torch.tensor([1.1], dtype=torch.float32).item())
