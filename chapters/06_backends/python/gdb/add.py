"""What the gdb walkthrough from Python runs: mini_torch.add(a, b) on two
float tensors, the call that PyTorch's own walkthrough breaks in."""

import mini_torch

a = mini_torch.tensor([1.0, 2.0])
b = mini_torch.tensor([3.0, 4.0])
print(mini_torch.add(a, b))
