import torch

t = torch.tensor([1, 2, 3], dtype=torch.float32)
print(t, t.dtype)
print(torch.tensor([[1, 2]], dtype=torch.float16))
print(torch.tensor(5, dtype=torch.bool))
print(torch.tensor([0.0, -0.0, 2.0], dtype=torch.bool))
