import torch

n = 2 ** 31
try:
    t = torch.zeros(n, n, 4)
    print("made", t.shape, t.numel())
except RuntimeError as e:
    print(type(e).__name__, e)
big = torch.zeros(2 ** 62)
print(big.shape)
