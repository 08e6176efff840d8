"""torch.autocast, as torch/amp/autocast_mode.py writes it in 1.13: a context
manager (and a decorator) that turns the thread's autocast on for one
device on entry and puts back what was there on exit.

It is written on the state functions of _C (csrc/autograd/init.cpp), the
very ones a user may call: the C++ AutocastGuard (part 6) does the same work
in one constructor and one destructor. On entry it saves the device's enabled
flag and dtype, sets them, counts one more nesting level and sets the cache
flag; on exit it counts the level off, empties the cast cache when that was
the outermost level, and restores the flags. The state is per thread.

Its checks, warnings and their order are 1.13's, odd corners included: an
unsupported CPU dtype warns and disables autocast in __init__, then
__enter__ still sets that dtype, whose C++ setter refuses it; 'cuda' without
a CUDA device warns and disables it. Not here: TorchScript (mini_torch has no
script mode), 'xpu' (which fails as in 1.13, which has no torch.xpu), and the
torch_xla check of 1.13's amp_definitely_not_available.
"""

import functools
import warnings

from mini_torch import _C

__all__ = ['autocast_decorator', 'autocast']


def _cuda_is_available():
    """torch.cuda.is_available(): compiled with CUDA (_C has
    _cuda_getDeviceCount) and a device here."""
    return hasattr(_C, '_cuda_getDeviceCount') and _C._cuda_getDeviceCount() > 0


def _cuda_is_bf16_supported():
    """torch.cuda.is_bf16_supported(), which initializes CUDA first, and so
    fails as 1.13's _lazy_init fails where there is none. With a device the
    course answers yes: its CUDA kernels take bfloat16 (1.13 asks for compute
    capability 8 or more, which mini_torch cannot query)."""
    if not hasattr(_C, '_cuda_getDeviceCount'):
        raise AssertionError("Torch not compiled with CUDA enabled")
    if _C._cuda_getDeviceCount() == 0:
        raise RuntimeError("No CUDA GPUs are available")
    return True


def autocast_decorator(autocast_instance, func):
    @functools.wraps(func)
    def decorate_autocast(*args, **kwargs):
        with autocast_instance:
            return func(*args, **kwargs)
    return decorate_autocast


class autocast(object):
    """with mini_torch.autocast(device_type, dtype=None, enabled=True,
    cache_enabled=None): in the region, operators with an Autocast kernel
    (matmul, on the CPU and on CUDA) run in the lower precision dtype.
    torch.autocast's docstring says more."""

    def __init__(self, device_type, dtype=None, enabled=True, cache_enabled=None):
        self.device = device_type
        if self.device == 'cuda':
            self.fast_dtype = _C.get_autocast_gpu_dtype()
        elif self.device == 'cpu':
            self.fast_dtype = _C.get_autocast_cpu_dtype()
        elif self.device == 'xpu':
            # 1.13 asks torch.xpu, which it does not have: an AttributeError.
            import mini_torch
            self.fast_dtype = mini_torch.xpu.get_autocast_xpu_dtype()
        else:
            raise RuntimeError('User specified autocast device_type must be \'cuda\' or \'cpu\'')
        self._cache_enabled = _C.is_autocast_cache_enabled()
        if enabled and not _cuda_is_available() and self.device == 'cuda':
            warnings.warn('User provided device_type of \'cuda\', but CUDA is not available. Disabling')
            enabled = False
        if dtype is not None:
            self.fast_dtype = dtype
        if cache_enabled is not None:
            self._cache_enabled = cache_enabled

        if self.device == 'cpu':
            supported_dtype = [_C.bfloat16]
            if self.fast_dtype not in supported_dtype:
                error_message = 'In CPU autocast, but the target dtype is not supported. Disabling autocast.\n'
                error_message += 'CPU Autocast only supports dtype of torch.bfloat16 currently.'
                warnings.warn(error_message)
                enabled = False
        if self.device == 'cuda':
            if self.fast_dtype == _C.bfloat16 and not _cuda_is_bf16_supported():
                raise RuntimeError('Current CUDA Device does not support bfloat16. Please switch dtype to float16.')
        self._enabled = enabled

    def __enter__(self):
        # Returns None, as 1.13's does: `with autocast('cpu') as a` binds None.
        self.prev_cache_enabled = _C.is_autocast_cache_enabled()
        if self.device == 'cpu':
            self.prev = _C.is_autocast_cpu_enabled()
            self.prev_fastdtype = _C.get_autocast_cpu_dtype()
            _C.set_autocast_cpu_enabled(self._enabled)
            _C.set_autocast_cpu_dtype(self.fast_dtype)
            _C.autocast_increment_nesting()
        else:
            self.prev = _C.is_autocast_enabled()
            self.prev_fastdtype = _C.get_autocast_gpu_dtype()
            _C.set_autocast_gpu_dtype(self.fast_dtype)
            _C.set_autocast_enabled(self._enabled)
            _C.autocast_increment_nesting()
        _C.set_autocast_cache_enabled(self._cache_enabled)

    def __exit__(self, exc_type, exc_val, exc_tb):
        # Drop the cache when we exit to a nesting level that's outside any instance of autocast.
        if self.device == 'cpu':
            if _C.autocast_decrement_nesting() == 0:
                _C.clear_autocast_cache()
            _C.set_autocast_cpu_enabled(self.prev)
            _C.set_autocast_cpu_dtype(self.prev_fastdtype)
        else:
            if _C.autocast_decrement_nesting() == 0:
                _C.clear_autocast_cache()
            _C.set_autocast_enabled(self.prev)
            _C.set_autocast_gpu_dtype(self.prev_fastdtype)
        _C.set_autocast_cache_enabled(self.prev_cache_enabled)
        return False

    def __call__(self, func):
        return autocast_decorator(self, func)
