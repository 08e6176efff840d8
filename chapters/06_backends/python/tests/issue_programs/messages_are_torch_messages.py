import torch
a = torch.ones(2)
b = torch.ones(3)
for f in (lambda: a + b, lambda: a * b, lambda: a.add_(torch.ones(2, dtype=torch.float64)) if False else a.copy_(b)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
