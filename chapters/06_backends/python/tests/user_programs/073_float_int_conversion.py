import torch

print(float(torch.tensor(2.5)))
print(int(torch.tensor(7)))
print(int(torch.tensor(2.9)))
print(float(torch.tensor([3])))
print(int(torch.tensor(True)))
print(complex(torch.tensor(1.0)) if False else "skip")
