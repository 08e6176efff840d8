"""torch.cpu.amp.autocast, as torch/cpu/amp/autocast_mode.py writes it in 1.13:
mini_torch.autocast('cpu', ...) with bfloat16 and the cache as defaults."""

from mini_torch import _C
from mini_torch.amp import autocast_mode


class autocast(autocast_mode.autocast):
    """``mini_torch.cpu.amp.autocast(args...)`` is ``mini_torch.autocast("cpu", args...)``."""

    def __init__(self, enabled=True, dtype=_C.bfloat16, cache_enabled=True):
        super().__init__("cpu", enabled=enabled, dtype=dtype, cache_enabled=cache_enabled)
