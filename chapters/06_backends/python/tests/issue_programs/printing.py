import torch
print(torch.arange(0, 2000))
print(torch.arange(0.0, 2000.0))
print(torch.ones(40, 40))
print(torch.tensor([1.0, 2.0]).shape, torch.ones(2, 3).size(), torch.ones(2, 3).size(1), torch.ones(2, 3).size(-1))
print(torch.tensor(0.0) / torch.tensor(0.0))
print(torch.tensor([float("nan"), 1.0, -float("inf")]))
print(f"{torch.tensor(2.5):.3f}")
