import torch
from torch.library import Library

try:
    Library("myops_f", "WRONG")
except Exception as e:
    print(type(e).__name__, e)
