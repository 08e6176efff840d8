import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
torch.autograd.grad(y, x, torch.ones(4, 2), is_grads_batched=True)
