import torch

for dt in [torch.bool, torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64]:
    print(torch.zeros(2, dtype=dt))
    print(torch.ones(2, dtype=dt))
