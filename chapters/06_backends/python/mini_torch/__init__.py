"""mini_torch: chapter 06's dispatcher from Python, laid out as torch is.

The C part is the extension module mini_torch._C (python/csrc/): the tensor
type, the dtypes and devices, and one generated binding per operator of
ops.yaml. This file puts them together as torch/__init__.py does: the
functions of _C._VariableFunctions become mini_torch.add, mini_torch.empty,
...; mini_torch.Tensor is the Python class every result is made of.
"""

from mini_torch import _C
from mini_torch._C import (bfloat16, bool, device, dtype, float16, float32, float64, int64,  # noqa: F401
                           is_grad_enabled, tensor)
from mini_torch._size import Size  # noqa: F401
from mini_torch._tensor import Tensor

# 1.13's other names of the dtypes (torch.float is torch.float32, ...).
float = float32
double = float64
half = float16
long = int64

_C._initExtension(Tensor)

for _name in dir(_C._VariableFunctions):
    if not _name.startswith("__"):
        globals()[_name] = getattr(_C._VariableFunctions, _name)

from mini_torch.autograd.grad_mode import enable_grad, no_grad  # noqa: E402,F401
from mini_torch._composite import log_softmax  # noqa: E402,F401
from mini_torch._ops import _op_overload_of, ops  # noqa: E402,F401
from mini_torch import autograd, library, nn, overrides  # noqa: E402,F401
from mini_torch import _vmap_internals  # noqa: E402,F401  (torch._vmap_internals.vmap; 1.13 has no torch.vmap)

_add_batch_dim = _C._add_batch_dim
_remove_batch_dim = _C._remove_batch_dim

# Autocast's state functions at the top level, as torch/__init__.py puts
# torch._C's there (and names them torch.is_autocast_enabled, as it renames
# each public function of _C); torch.autocast is torch.amp's class.
_AUTOCAST_FUNCTIONS = ("is_autocast_enabled", "set_autocast_enabled", "is_autocast_cpu_enabled",
                       "set_autocast_cpu_enabled", "get_autocast_cpu_dtype", "set_autocast_cpu_dtype",
                       "get_autocast_gpu_dtype", "set_autocast_gpu_dtype", "autocast_increment_nesting",
                       "autocast_decrement_nesting", "clear_autocast_cache", "is_autocast_cache_enabled",
                       "set_autocast_cache_enabled")
for _name in _AUTOCAST_FUNCTIONS:
    getattr(_C, _name).__module__ = "mini_torch"
    globals()[_name] = getattr(_C, _name)
from mini_torch import amp, cpu  # noqa: E402,F401
from mini_torch.amp import autocast  # noqa: E402,F401

_C._set_op_overload_factory(_op_overload_of)
# Where 1.13's subclasses find it: torch._C._disabled_torch_function_impl.
_C._disabled_torch_function_impl = overrides._disabled_torch_function_impl


def __getattr__(name):
    # A torch name this module does not have: an error that says so.
    from mini_torch._missing import module_getattr
    return module_getattr(name)
