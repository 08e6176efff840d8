"""mini_torch.overrides: enable_reentrant_dispatch, as torch/overrides.py has it."""

from mini_torch import _C


class enable_reentrant_dispatch:  # noqa: N801 (torch's name)
    """Inside __torch_dispatch__, calls made in this block go through every
    key again, autograd included: the keys the call had when it entered the
    dispatcher are restored (the PythonTLSSnapshot key noted them)."""

    def __enter__(self):
        self._raii_guard = _C._RestorePythonTLSSnapshot()

    def __exit__(self, exc_type, exc_value, traceback):
        del self._raii_guard


def _disabled_torch_function_impl(func, types, args=(), kwargs=None):
    """torch._C._disabled_torch_function_impl: a subclass sets its
    __torch_function__ to this to say "no __torch_function__ for me", as
    1.13's wrapper-subclass examples all do. This module has no
    __torch_function__ layer (the Python hook above the dispatcher), so
    nothing calls it here; a call runs func as it is."""
    return func(*args, **(kwargs or {}))
