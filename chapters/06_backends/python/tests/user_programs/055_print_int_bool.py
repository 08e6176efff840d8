import torch

print(torch.tensor([1, -1000000, 42]))
print(torch.tensor([[1, 2], [30, 400]]))
print(torch.tensor([True, False, True]))
print(torch.tensor([[True], [False]]))
print(torch.tensor(7))
print(torch.tensor(False))
