import torch

for t in [torch.tensor(3), torch.tensor(2.5), torch.tensor(True), torch.tensor(1.5, dtype=torch.float16),
          torch.tensor([7]), torch.tensor([[0.1]], dtype=torch.float64),
          torch.tensor(2 ** 62), torch.tensor(0.1)]:
    v = t.item()
    print(type(v).__name__, repr(v))
