import torch

for t in [torch.arange(5), torch.arange(1, 4), torch.arange(0, 1, 0.25), torch.arange(5.0),
          torch.arange(0, 5, 2, dtype=torch.float64), torch.arange(-3, 3), torch.arange(10, 0, -3),
          torch.arange(0, 1, 0.1), torch.arange(2, 3, 0.5, dtype=torch.float16)]:
    print(t, t.dtype, t.shape)
