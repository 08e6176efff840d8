import torch

loss = torch.tensor([0.5, 0.25]).sum()
if loss < 1:
    print("small loss", loss.item())
else:
    print("large loss")
