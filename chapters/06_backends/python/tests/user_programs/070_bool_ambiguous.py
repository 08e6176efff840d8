import torch

t = torch.tensor([1, 2])
if t:
    print("yes")
