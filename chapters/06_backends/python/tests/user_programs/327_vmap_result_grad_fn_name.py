import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
w = torch.tensor([1., -1., 2.], requires_grad=True)
print(vmap(lambda a: (a * w).sum())(x))
print(vmap(lambda a: a * 2)(x))
# torch 1.13: tensor([ 5., 11.], grad_fn=<ViewBackward0>) for the reduced result; MulBackward0 for the second in both
# mini_torch: tensor([ 5., 11.], grad_fn=<SumBackward1>) (the last operator's node)
