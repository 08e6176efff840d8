import torch

try:
    torch.tensor([]).item()
except Exception as e:
    print(type(e).__name__, e)
