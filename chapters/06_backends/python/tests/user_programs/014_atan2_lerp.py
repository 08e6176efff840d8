import torch

y = torch.tensor([1.0, -1.0, 0.0])
x = torch.tensor([1.0, 1.0, -1.0])
print(torch.atan2(y, x))
start = torch.tensor([0.0, 10.0])
end = torch.tensor([10.0, 20.0])
w = torch.tensor([0.5, 0.25])
print(torch.lerp(start, end, w))
print(torch.lerp(start, end, 0.5))
