import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(torch.ops.aten.sum.dim_IntList(x, [0], True))
print(torch.ops.aten.sum.default(x))
print(torch.ops.aten.eq.Scalar(x, 2.0))
print(torch.ops.aten.gt.Tensor(x, x.t()))
print(torch.ops.aten.view.default(x, [4]))
print(torch.ops.aten.sum(x, [1]))
print(torch.ops.aten.relu(x - 2.5))
print(str(torch.ops.aten.eq.Scalar), torch.ops.aten.eq.Scalar._schema)
