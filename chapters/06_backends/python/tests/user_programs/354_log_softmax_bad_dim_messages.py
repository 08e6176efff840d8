import torch
x = torch.tensor([[0.1, 0.2, 0.7], [0.3, 0.3, 0.4]])
for name, f in [("torch.log_softmax(x)", lambda: torch.log_softmax(x)), ("x.log_softmax()", lambda: x.log_softmax()),
                ("torch.log_softmax(x, 'a')", lambda: torch.log_softmax(x, "a"))]:
    try:
        f()
    except Exception as e:
        print(name, type(e).__name__, str(e).splitlines()[0])
# torch 1.13: TypeError log_softmax() received an invalid combination of arguments - got (Tensor), but expected one of:
#             TypeError log_softmax() received an invalid combination of arguments - got (), but expected one of:
#             RuntimeError Name 'a' not found in Tensor[None, None].
# mini_torch: TypeError log_softmax() missing 1 required positional argument: 'dim'
#             TypeError Tensor.log_softmax() missing 1 required positional argument: 'dim'
#             TypeError _log_softmax(): argument 'dim' (position 2) must be int, not str
