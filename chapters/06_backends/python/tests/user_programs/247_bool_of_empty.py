import torch

print(bool(torch.tensor([0.0])))
print(bool(torch.tensor(float("nan"))))
print(bool(torch.tensor([-1])))
print(bool(torch.tensor([[True]])))
print(bool(torch.tensor([])))
