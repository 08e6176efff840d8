"""mini_torch.autograd: grad mode (no_grad, enable_grad)."""

from mini_torch.autograd.grad_mode import enable_grad, no_grad  # noqa: F401


def __getattr__(name):
    # torch.autograd.grad, .Function, ...: a torch name this module lacks says so.
    from mini_torch import _missing, _torch_names
    if name in _torch_names.AUTOGRAD:
        raise NotImplementedError(_missing.not_in_mini_torch(f"torch.autograd.{name}"))
    raise AttributeError(f"module 'torch.autograd' has no attribute '{name}'")
