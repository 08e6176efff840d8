import torch

start = torch.tensor([1.0, -3.7, 100.25, 0.1])
end = torch.tensor([2.5, 8.9, -7.125, 0.7])
w = torch.tensor([0.3, 0.5, 0.75, 0.9])
print(torch.lerp(start, end, w).tolist())
