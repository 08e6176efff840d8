import torch

layer = torch.nn.Linear(2, 1)
print(layer)
