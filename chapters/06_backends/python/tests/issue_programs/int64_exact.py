import torch
big = 2**62 + 1
t = torch.tensor([big, -2**63, 2**63 - 1])
print(t)
print(t.tolist())
print(torch.tensor(big).item(), int(torch.tensor(big)))
print(torch.tensor([2**63 - 1]) + 1)
print(torch.tensor([big]) * 2)
try:
    torch.tensor([2**63])
except Exception as e:
    print(type(e).__name__, e)
