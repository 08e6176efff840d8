import torch

@torch.no_grad()
def double(t):
    return t * 2

x = torch.tensor([1.0], requires_grad=True)
y = double(x)
print(y, y.requires_grad)
with torch.no_grad():
    with torch.enable_grad():
        z = x * 3
print(z.requires_grad)
