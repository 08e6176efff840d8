import torch

for dt in [torch.bool, torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64]:
    t = torch.zeros(2, dtype=dt)
    print(dt, (t + True).dtype, (t + 1).dtype, (t + 1.5).dtype, (t * 0).dtype)
