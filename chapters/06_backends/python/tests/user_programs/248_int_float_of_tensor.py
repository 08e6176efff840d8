import torch
import math

print(int(torch.tensor(3.7)), int(torch.tensor(-3.7)))
print(float(torch.tensor(2)))
print(int(torch.tensor([5])))
print(math.floor(torch.tensor(2.5)))
print(math.sqrt(torch.tensor(16.0)))
print(round(float(torch.tensor(2.675)), 2))
try:
    float(torch.tensor([1.0, 2.0]))
except Exception as e:
    print(type(e).__name__, e)
