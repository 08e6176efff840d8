import torch
print(torch.no_such_function)
