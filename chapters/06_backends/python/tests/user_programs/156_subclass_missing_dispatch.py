import torch

class Bare(torch.Tensor):
    @staticmethod
    def __new__(cls, elem):
        return torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype)

b = Bare(torch.tensor([1.0]))
print(b.shape)
torch.neg(b)
