import torch

e = torch.zeros(0)
try:
    v = e.view(2 ** 62, 2 ** 62)
    print("viewed", v.shape)
except RuntimeError as err:
    print(type(err).__name__, err)
print(torch.zeros(2 ** 62, 0).shape)
try:
    torch.ones(2 ** 20, 2 ** 20)
except RuntimeError as err:
    print(type(err).__name__, str(err).split(":")[0])
