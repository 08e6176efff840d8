"""no_grad and enable_grad, torch/autograd/grad_mode.py's: context managers
(and decorators) around the thread's GradMode, which _C sets."""

import functools

from mini_torch import _C


class _GradModeContext:
    enabled = True

    def __enter__(self):
        self.prev = _C.is_grad_enabled()
        _C._set_grad_enabled(self.enabled)

    def __exit__(self, exc_type, exc_value, traceback):
        _C._set_grad_enabled(self.prev)

    def __call__(self, function):
        @functools.wraps(function)
        def decorated(*args, **kwargs):
            with self.__class__():
                return function(*args, **kwargs)
        return decorated


class no_grad(_GradModeContext):
    """Operations inside record no graph: their results need no gradient."""
    enabled = False


class enable_grad(_GradModeContext):
    enabled = True
