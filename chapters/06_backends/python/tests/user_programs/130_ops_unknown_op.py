import torch

print(torch.ops.aten.definitely_not_an_op)
