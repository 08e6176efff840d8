import torch

try:
    torch.ops.aten.add.NoSuchOverload
except Exception as e:
    print(type(e).__name__)
print(torch.ops.aten.add.Tensor.overloadpacket)
