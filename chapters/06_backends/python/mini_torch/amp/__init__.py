"""torch.amp: autocast (autocast_mode.py)."""

from mini_torch.amp.autocast_mode import autocast  # noqa: F401
