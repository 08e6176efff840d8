import torch

nan = float("nan")
inf = float("inf")
print(torch.tensor([nan, inf, -inf, 1.0]))
print(torch.tensor([nan, 2.5]))
print(torch.tensor([inf, -inf]))
print(torch.tensor(nan))
print(torch.tensor([nan], dtype=torch.float16))
print(torch.tensor([inf, 1.0], dtype=torch.float64))
print(torch.tensor([0.0]) / torch.tensor([0.0]))
