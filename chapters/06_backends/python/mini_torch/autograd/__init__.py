"""mini_torch.autograd: grad mode (no_grad, enable_grad)."""

from mini_torch.autograd.grad_mode import enable_grad, no_grad  # noqa: F401
