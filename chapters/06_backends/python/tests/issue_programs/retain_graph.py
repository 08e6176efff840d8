import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp() * 2.0).sum()
y.backward(retain_graph=True)
y.backward()
print(x.grad)
try:
    y.backward()
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
