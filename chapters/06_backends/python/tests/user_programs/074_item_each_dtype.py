import torch

for dt in [torch.bool, torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64]:
    v = torch.ones(1, dtype=dt).item()
    print(dt, type(v).__name__, v)
print(torch.tensor(0.1).item())
print(torch.tensor(0.1, dtype=torch.float64).item())
print(torch.tensor([[5]]).item())
