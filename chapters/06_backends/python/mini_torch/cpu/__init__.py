"""torch.cpu: its amp module, the one part of it mini_torch has."""

from mini_torch.cpu import amp  # noqa: F401
