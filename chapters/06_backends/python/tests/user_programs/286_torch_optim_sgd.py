import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
loss = (w * w).sum()
loss.backward()
opt.step()
print(w)
