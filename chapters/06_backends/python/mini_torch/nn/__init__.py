"""mini_torch.nn: functional alone (torch.nn.functional's counterpart, with
the training script's log_softmax and nll_loss); no modules, no parameters,
no optimizers."""

from mini_torch.nn import functional  # noqa: F401


def __getattr__(name):
    # torch.nn.Linear, .Module, ...: a torch name this module lacks says so.
    from mini_torch import _missing, _torch_names
    if name in _torch_names.NN:
        raise NotImplementedError(_missing.not_in_mini_torch(f"torch.nn.{name}"))
    raise AttributeError(f"module 'torch.nn' has no attribute '{name}'")
