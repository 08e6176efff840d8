import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x * x
try:
    print(torch.autograd.grad(y, x, torch.ones(0, 3), is_grads_batched=True))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: IndexError index 0 is out of bounds for dimension 0 with size 0   (_make_grads reads grad[0])
# mini_torch: (tensor([], size=(0, 3)),)   (no error)
