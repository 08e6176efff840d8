import torch

a = torch.tensor([0.1, 0.2, 1000.0, 3.0], dtype=torch.float16)
b = torch.tensor([0.2, 0.1, 0.5, 7.0], dtype=torch.float16)
print((a + b).tolist())
print((a * b).tolist())
print((a / b).tolist())
print(torch.exp(a).tolist())
c = torch.tensor([0.1, 0.2], dtype=torch.bfloat16)
print((c + c * 3).tolist())
