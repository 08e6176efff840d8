import torch
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
sl = x[0:1, 1:]
try:
    print(torch.autograd.grad(sl, x, grad_outputs=torch.ones(3, 1, 1), is_grads_batched=True))
except Exception as e:
    print(type(e).__name__, e)
v = torch.tensor([1., 2., 3.], requires_grad=True)
y = v * 1
y.view([3, 1]).mul_(2)          # in-place through a view: CopySlices
try:
    print(torch.autograd.grad(y, v, torch.eye(3), is_grads_batched=True))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: 3 copies of [[0,1],[0,0]];  then diag(2, 2, 2)
# mini_torch: RuntimeError Batching rule not implemented for aten::copy_. The fallback path doesn't work on in-place or
#   out= operators: it writes to 'self'.   (both; the same calls without is_grads_batched work)
