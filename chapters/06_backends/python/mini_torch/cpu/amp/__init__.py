"""torch.cpu.amp: autocast on the CPU."""

from mini_torch.cpu.amp.autocast_mode import autocast  # noqa: F401
