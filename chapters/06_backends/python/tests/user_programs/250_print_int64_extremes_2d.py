import torch

t = torch.tensor([[-2 ** 63, 2 ** 63 - 1], [0, -1]])
print(t)
print(t.sum(0))
print(torch.tensor([2 ** 62, 2 ** 62]).sum())
print(torch.tensor([-2 ** 63]) - 1)
try:
    print(torch.tensor([1.0]) + 2 ** 70)
except Exception as e:
    print(type(e).__name__, e)
print(torch.tensor([2 ** 31], dtype=torch.int64).to(torch.int32))
