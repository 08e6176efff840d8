import torch

a = torch.tensor([1, 2, 3])
b = torch.tensor([1.0, 2.5, 3.0])
print(a == b)
print(torch.eq(a, b))
print(a.eq(2))
print(a == 2.0)
print(b != 2.5)
print(torch.ne(a, b).dtype)
print((a == b).tolist())
print(torch.tensor(3.0) == 3)
if torch.tensor(3.0) == 3:
    print("equal as bool")
