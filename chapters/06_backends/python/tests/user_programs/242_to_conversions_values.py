import torch

f = torch.tensor([-1.7, -0.5, 0.0, 0.5, 1.7, 2.5])
print(f.long())
print(f.to(torch.bool))
print(f.bool().float())
print(torch.tensor([0.1, 70000.0, 1e-8]).half())
print(torch.tensor([1.0 / 3.0]).double())
print(torch.tensor([1, 0, 2]).bool())
print(torch.tensor([300, -1]).to(torch.uint8))
