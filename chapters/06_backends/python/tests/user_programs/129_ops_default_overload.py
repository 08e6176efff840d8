import torch

a = torch.tensor([1.0, -2.0])
print(torch.ops.aten.neg.default(a))
print(str(torch.ops.aten.neg.default))
print(torch.ops.aten.neg.default.name())
print(torch.ops.aten.neg.default._schema)
print(torch.ops.aten.sum.default._schema)
print(torch.ops.aten.sum.dim_IntList(torch.ones(2, 3), [1]))
