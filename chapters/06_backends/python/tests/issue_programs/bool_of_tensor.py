import torch
print(bool(torch.tensor([0.0])), bool(torch.tensor([2.0])), bool(torch.tensor(0)), bool(torch.tensor(True)))
if torch.tensor(0.0):
    print("true")
else:
    print("false")
for t in (torch.tensor([1.0, 2.0]), torch.tensor([])):
    try:
        bool(t)
    except Exception as e:
        print(type(e).__name__, e)
for t in (torch.tensor([1, 2]), torch.tensor([])):
    try:
        t.item()
    except Exception as e:
        print(type(e).__name__, e)
print(float(torch.tensor(2.5)), int(torch.tensor(2.5)), torch.tensor(True).item())
