import torch
from torch.library import Library

def addall(xs):
    out = torch.zeros(xs[0].shape)
    for x in xs:
        out = out + x
    return out

lib = Library("ulib276", "DEF")
lib.define("addall(Tensor[] xs) -> Tensor")
lib.impl("addall", addall, "CPU")
print(torch.ops.ulib276.addall([torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]), torch.ones(2)]))
print(torch.ops.ulib276.addall((torch.tensor([1.0]),)))

logged = []
lib.define("record(Tensor x) -> ()")
lib.impl("record", lambda x: logged.append(x.tolist()), "CPU")
r = torch.ops.ulib276.record(torch.tensor([5.0]))
print(repr(r), logged)
