import torch
import warnings

a = torch.tensor([1.0, 2.0, 3.0])
out = torch.zeros(5)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    torch.add(a, a, out=out)
print(out)
print(len(ws))
for w in ws:
    print(w.category.__name__)
    print(str(w.message).splitlines()[0])
out2 = torch.zeros(0)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    torch.mul(a, a, out=out2)
print(out2, len(ws))
