import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
try:
    torch.autograd.grad([], [x])
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: RuntimeError One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True ...
# mini_torch: RuntimeError autograd: expected at least one output to differentiate
