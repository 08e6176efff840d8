import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print(type(y.grad_fn).__name__)
print(y.grad_fn.name())
print((x + x).grad_fn.name(), (x - 1).grad_fn.name(), x.exp().grad_fn.name())
print(x.sum().grad_fn.name(), (x / 2).grad_fn.name(), (-x).grad_fn.name())
print(len(y.grad_fn.next_functions))
print(y.grad_fn.next_functions[0][0].name(), y.grad_fn.next_functions[1])
print(x.grad_fn)
