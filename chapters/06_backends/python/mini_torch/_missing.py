"""What a PyTorch user reaches for that the course's module does not have.

mini_torch has the operators of chapter 06's ops.yaml and what parts 8 and 9
build around them; torch 1.13 has about 1,200 functions and 700 Tensor
methods more. A name torch has and mini_torch lacks fails with an error that
names it and says so, never with another operator's error or Python's
default for an object (`a == b` comparing identities, `a[0]` "not
subscriptable"): NotImplementedError for a function, method or operator,
AttributeError for any other attribute. A name torch lacks too fails as it
fails in torch. The names are torch 1.13's own (_torch_names.py, written by
maint/reference/gen_torch_names.py).
"""

from mini_torch import _torch_names

_WHY = "the course's module, which has the operators of chapter 06's ops.yaml (part 8 lists what it has)"


def not_in_mini_torch(what):
    return f"{what} is not in mini_torch, {_WHY}"


def module_getattr(name):
    """`mini_torch.<name>` for a name the module does not define."""
    if name in _torch_names.FUNCTIONS:
        raise NotImplementedError(not_in_mini_torch(f"torch.{name}"))
    if name in _torch_names.MODULE_ATTRIBUTES:
        raise AttributeError(not_in_mini_torch(f"torch.{name}"))
    raise AttributeError(f"module 'torch' has no attribute '{name}'")


def tensor_getattr(tensor, name):
    """`t.<name>` for a name neither mini_torch.Tensor nor its C part has."""
    if name in _torch_names.TENSOR_METHODS:
        raise NotImplementedError(not_in_mini_torch(f"Tensor.{name}"))
    if name in _torch_names.TENSOR_ATTRIBUTES:
        raise AttributeError(not_in_mini_torch(f"Tensor.{name}"))
    raise AttributeError(f"'{type(tensor).__name__}' object has no attribute '{name}'")


def missing_dunder(name, description):
    """A Python operator torch.Tensor has and mini_torch's lacks (t[0],
    t ** 2, abs(t), ...): defined on the class, so that Python does not fall
    back to its own default, and raising that it is missing."""
    def method(self, *args, **kwargs):
        raise NotImplementedError(not_in_mini_torch(f"{description} (Tensor.{name})"))
    method.__name__ = name
    return method
