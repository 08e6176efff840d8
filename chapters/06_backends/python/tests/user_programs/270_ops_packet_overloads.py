import torch

p = torch.ops.aten.relu
print(type(p).__name__)
print(sorted(p.overloads()))
print(p.default.overloadpacket is p)
print(p.default.__name__, p.out.__name__)
print(p(torch.tensor([-1.0, 1.0])))
