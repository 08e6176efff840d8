import torch

t = torch.tensor([1.0], device="cpu")
print(t.device)
print(torch.zeros(2, device=torch.device("cpu")).device)
print(torch.tensor([1.0]).to("meta").device)
