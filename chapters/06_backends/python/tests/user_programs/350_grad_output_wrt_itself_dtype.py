import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = x.bfloat16() * 3
g, = torch.autograd.grad(y, y, torch.tensor([1., 1.]), retain_graph=True)
print(g, g.dtype)
z = x * 3
print(torch.autograd.grad(z, z, torch.tensor([1., 1.], dtype=torch.float64), retain_graph=True)[0].dtype)
print(torch.autograd.grad(x, x, torch.tensor([1, 1])))
print(torch.autograd.grad(z, z, torch.eye(2, dtype=torch.float64), is_grads_batched=True)[0].dtype)
# When an input of grad() is also one of its outputs:
# torch 1.13: tensor([1., 1.], dtype=torch.bfloat16) torch.bfloat16 / torch.float32 / (tensor([1., 1.]),) / torch.float32
#   (the grad_output is cast to the input's dtype, as for every other input)
# mini_torch: tensor([1., 1.]) torch.float32 / torch.float64 / (tensor([1, 1]),) (an int64 gradient!) / torch.float64
#   (the grad_output is handed back as given)
