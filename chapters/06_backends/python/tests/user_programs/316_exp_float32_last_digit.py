import torch
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
y = x[:, 1:].exp().sum()
print(torch.autograd.grad(y, x))
print(torch.tensor([4.]).exp().item())
# torch 1.13: 54.5982 in the gradient; exp(4.) == 54.59815216064453 (Sleef vectorized exp)
# mini_torch: 54.5981; exp(4.) == 54.598148345947266 (1 ulp lower: visible in printed tensors)
# Note: 1.13's value depends on its CPU kernel: with ATEN_CPU_CAPABILITY=default (scalar std::exp) 1.13 gives
#   54.598148345947266 too; the AVX2/AVX-512 kernels (Sleef) that 1.13 picks on this machine give 54.59815216064453.
