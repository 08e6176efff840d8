import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
z = (x * x).sum()
try:
    torch.autograd.grad(z, [x, 3])
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: RuntimeError all inputs have to be Tensors, but got int
# mini_torch: TypeError all inputs have to be Tensors, but got int
