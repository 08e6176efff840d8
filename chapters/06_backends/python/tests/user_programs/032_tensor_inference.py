import torch

for value in [1, 1.0, True, [1, 2], [1.0, 2], [True, False], [[1, 2], [3, 4]], [1, 2.5, True]]:
    t = torch.tensor(value)
    print(repr(value), t.dtype, t.shape, t.dim())
