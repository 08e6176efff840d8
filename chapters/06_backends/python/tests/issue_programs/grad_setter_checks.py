import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
for g in (torch.ones(3), torch.ones(2, dtype=torch.float64), 3, x):
    try:
        x.grad = g
        print("accepted")
    except Exception as e:
        print(type(e).__name__, e)
x.grad = torch.ones(2)
(x * 2.0).sum().backward()
print(x.grad)
