import torch
w = torch.tensor([0.5], requires_grad=True)
running = torch.tensor([0.0])
for step in range(25000):
    loss = (w * 2.0).sum()
    running = running + loss
print(running.item())
del running
print("freed")
