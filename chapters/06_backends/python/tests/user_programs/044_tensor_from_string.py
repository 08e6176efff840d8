import torch

try:
    torch.tensor("abc")
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.tensor([1, "a"])
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.tensor(None)
except Exception as e:
    print(type(e).__name__, e)
