import torch
import torch.nn.functional as F
import warnings
x = torch.tensor([[0.1, 0.2, 0.7], [0.3, 0.3, 0.4]])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    try:
        print(F.log_softmax(x))
    except Exception as e:
        print(type(e).__name__, e)
    print([str(m.message) for m in w])
# torch 1.13: the log_softmax over dim 1 (_get_softmax_dim: 1 for a 2-D input, 0 for 0-, 1- and 3-D) and the UserWarning
#   "Implicit dimension choice for log_softmax has been deprecated. Change the call to include dim=X as an argument."
# mini_torch: RuntimeError Please look up dimensions by name, got: name = None.   (no warning)
