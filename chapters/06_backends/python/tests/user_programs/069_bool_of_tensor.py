import torch

print(bool(torch.tensor(1.0)))
print(bool(torch.tensor(0)))
print(bool(torch.tensor([0.0])))
print(bool(torch.tensor([True])))
print(bool(torch.tensor(float("nan"))))
if torch.tensor(3):
    print("truthy")
