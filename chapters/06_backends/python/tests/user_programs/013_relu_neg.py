import torch

x = torch.tensor([-2.0, -0.0, 0.0, 3.5])
print(torch.relu(x))
print(x.relu())
print(torch.neg(x))
print(torch.relu(torch.tensor([-3, 0, 7])))
y = x.clone()
y.relu_()
print(y)
