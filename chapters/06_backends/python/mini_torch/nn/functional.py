"""torch.nn.functional's log_softmax and nll_loss, the two that a classifier's
loss is written with (python/examples/train_digits.py).

log_softmax is the composite of _composite.py, as 1.13's F.log_softmax is
input.log_softmax(dim). nll_loss is another matter: 1.13's F.nll_loss calls
torch._C._nn.nll_loss_nd, a composite over nll_loss_forward, an operator
that returns two tensors (the loss and total_weight) and takes an optional
weight tensor (`Tensor? weight`), neither of which the course's code
generator can write. So mini_torch's nll_loss is a composite of operators it
has: the log-probability of each row's class is picked with a one-hot mask
(target == arange(classes)), negated and summed, then divided by the count of
rows not ignored. The values are 1.13's to a float's rounding (its sum adds
in another order), its gradient is 1.13's (-1/count at each row's class, 0
elsewhere), but a dispatch mode sees eq, mul, sum, div where 1.13 shows
aten.nll_loss_forward and aten.nll_loss_backward.
"""

import contextlib
import warnings

import mini_torch
from mini_torch import _C
from mini_torch._composite import log_softmax as _log_softmax
from mini_torch._missing import not_in_mini_torch

# A dtype as c10's ScalarType names it in 1.13's "expected scalar type" message.
_SCALAR_TYPE_NAMES = {"float32": "Float", "float64": "Double", "float16": "Half", "bfloat16": "BFloat16",
                      "int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte",
                      "bool": "Bool"}


@contextlib.contextmanager
def _unseen_by_dispatch_modes():
    """1.13 checks nll_loss's target inside nll_loss_forward's kernel, where
    no dispatch mode sees it: the composite's checks run with the Python
    keys excluded (and no autograd), so that a logging mode, the FLOP
    counter and make_fx see the same calls whatever the target holds."""
    keys = ("Python", "PythonTLSSnapshot")
    before = [_C._dispatch_tls_is_dispatch_key_excluded(key) for key in keys]
    for key in keys:
        _C._dispatch_tls_set_dispatch_key_excluded(key, True)
    try:
        with mini_torch.no_grad():
            yield
    finally:
        for key, excluded in zip(keys, before):
            _C._dispatch_tls_set_dispatch_key_excluded(key, excluded)


def _check_target(target, classes, ignore_index):
    """1.13's refusals of a target: of another dtype than int64, or with a
    class out of range that is not ignore_index (the first one named)."""
    if target.dtype != mini_torch.int64:
        name = str(target.dtype).rsplit(".", 1)[-1]
        raise RuntimeError(f"expected scalar type Long but found {_SCALAR_TYPE_NAMES.get(name, name)}")
    with _unseen_by_dispatch_modes():
        out_of_range = (((target < 0).to(mini_torch.int64) + (target >= classes).to(mini_torch.int64))
                        * (target != ignore_index).to(mini_torch.int64))
        if out_of_range.sum().item() == 0:
            return
        for row in range(target.shape[0]):
            value = int(target[row:row + 1].item())
            if value != ignore_index and not 0 <= value < classes:
                raise IndexError(f"Target {value} is out of bounds.")


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    """torch.nn.functional.log_softmax; with no dim, 1.13's deprecated
    implicit choice (_get_softmax_dim): 0 for a 0-, 1- or 3-D input, else 1."""
    if dim is None:
        warnings.warn("Implicit dimension choice for log_softmax has been deprecated. Change the call to include "
                      "dim=X as an argument.", stacklevel=_stacklevel)
        dim = 0 if input.dim() in (0, 1, 3) else 1
    return _log_softmax(input, dim, dtype)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    """torch.nn.functional.nll_loss of a [batch, classes] input and a
    [batch] int64 target, without class weights."""
    if weight is not None or size_average is not None or reduce is not None:
        raise NotImplementedError(not_in_mini_torch("nll_loss's weight, size_average and reduce"))
    if input.dim() != 2 or target.dim() != 1:
        raise NotImplementedError(not_in_mini_torch(f"nll_loss of a {input.dim()}-d input (only [batch, classes])"))
    if input.shape[0] != target.shape[0]:
        # 1.13's nll_loss_forward_out_cpu_template check.
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target batch_size "
                         f"({target.shape[0]}).")
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    classes = input.shape[1]
    _check_target(target, classes, ignore_index)
    if mini_torch.is_autocast_cpu_enabled() and input.device.type == "cpu" and input.dtype in (
            mini_torch.bfloat16, mini_torch.float16):
        # 1.13's aten::nll_loss is on CPU autocast's fp32 list
        # (autocast_mode.cpp): its Autocast kernel casts a lower-precision
        # input up before the loss, so the loss is float32.
        input = input.to(mini_torch.float32)
    # A target equal to ignore_index (-100 by default) matches no class: its
    # row contributes 0 and is not counted. An ignore_index that is a class
    # takes that class's rows out of the mask too.
    picked = (target.view([target.shape[0], 1]) == mini_torch.arange(classes, device=target.device)).to(input.dtype)
    if 0 <= ignore_index < classes:
        picked = picked * (target != ignore_index).to(input.dtype).view([target.shape[0], 1])
    losses = -(input * picked).sum(1)
    if 0 <= ignore_index < classes:
        losses = losses + 0.0  # an ignored row's -0.0 is 0.0 in 1.13's output, as -0.0 + 0.0 is
    if reduction == "none":
        return losses
    total = losses.sum()
    if reduction == "sum":
        return total
    return total / (target != ignore_index).sum()


def __getattr__(name):
    # F.relu, F.cross_entropy, ...: a torch name this module lacks says so.
    from mini_torch import _torch_names
    if name in _torch_names.NN_FUNCTIONAL:
        raise NotImplementedError(not_in_mini_torch(f"torch.nn.functional.{name}"))
    raise AttributeError(f"module 'torch.nn.functional' has no attribute '{name}'")
