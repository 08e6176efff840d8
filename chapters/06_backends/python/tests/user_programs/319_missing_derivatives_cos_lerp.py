import torch
x = torch.tensor([1., 2.], requires_grad=True)
for name, f in [("lerp", lambda: torch.lerp(x, x * 3, torch.tensor(0.25)).sum()), ("cos", lambda: x.cos().sum())]:
    try:
        print(name, torch.autograd.grad(f(), x))
    except Exception as e:
        print(name, type(e).__name__, e)
# torch 1.13: lerp (tensor([1.5000, 1.5000]),)   cos (tensor([-0.8415, -0.9093]),)
# mini_torch: RuntimeError derivative for aten::lerp.Tensor is not implemented / derivative for aten::cos is not implemented
#   (the forward records a graph and backward fails with 1.13's words for an op with no formula; no "is not in mini_torch")
