"""FlopCounterMode: a TorchDispatchMode that adds up, per operator, the
floating-point operations each call does; chapter 05's C++ FLOP counter
(mini/dispatch_modes/flop_counter_mode.h), written in Python on the mode.

    with FlopCounterMode() as counter:
        (a @ b).sum()
    counter.get_total_flops()      # 2·M·K·N + M·N
    counter.get_flop_counts()      # {"aten.matmul": ..., "aten.sum": ...}

PyTorch 1.13 ships no FLOP counter (torch.utils.flop_counter came with
2.1). The formulas are the C++ mode's:
- matmul: 2·M·K·N (2 × the output's elements × the contracted size K), as
  2.x's mm_flop; aten.mm, aten.mv, aten.dot and aten.bmm the same way, since
  1.13 runs a matmul as one of those (its matmul is composite);
- elementwise operators: one per output element; sum: one per input element.
Every other operator counts nothing and is not listed. Only the one Python
file: the course's tests run it on mini_torch, and its reference data
(maint/reference/gen_python_utils_data.py) runs it on torch 1.13.
"""

from mini_torch.utils._python_dispatch import TorchDispatchMode

ELEMENTWISE = {"aten.add", "aten.sub", "aten.mul", "aten.div", "aten.neg", "aten.relu", "aten.exp", "aten.sin",
               "aten.cos", "aten.atan2", "aten.add_", "aten.sub_", "aten.mul_", "aten.div_", "aten.neg_",
               "aten.relu_", "aten.exp_", "aten.threshold_backward"}
MATMUL = {"aten.matmul", "aten.mm", "aten.mv", "aten.dot", "aten.bmm"}


# [flops_of]
def flops_of(name, args, result):
    """The FLOPs of one call of the operator `name` (its packet, aten.mul),
    or None for an operator without a formula."""
    if name in MATMUL:
        # Each output element is a dot product of length K: K multiplies, K adds.
        contracted = args[0].shape[-1] if args[0].dim() > 0 else 1
        return 2 * result.numel() * contracted
    if name in ELEMENTWISE:
        return result.numel()
    if name == "aten.sum":
        return args[0].numel()
    return None
# [flops_of]


class FlopCounterMode(TorchDispatchMode):
    def __init__(self):
        self.flop_counts = {}

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        result = func(*args, **(kwargs or {}))
        name = str(func.overloadpacket)
        flops = flops_of(name, args, result)
        if flops is not None:
            self.flop_counts[name] = self.flop_counts.get(name, 0) + flops
        return result

    def get_total_flops(self):
        return sum(self.flop_counts.values())

    def get_flop_counts(self):
        return dict(self.flop_counts)
