"""mini_torch.library.Library, torch/library.py's: defines operators and
registers Python functions as their kernels, on any dispatch key.

    lib = Library("myops", "DEF")
    lib.define("myadd(Tensor self, Tensor other) -> Tensor")
    lib.impl("myadd", lambda a, b: a + b, "CPU")
    mini_torch.ops.myops.myadd(x, y)

The registrations last as long as the Library object (or until close()).
"""

from mini_torch import _C
from mini_torch._ops import OpOverload

# "ns/name/key" of every kernel a live Library registered from Python, as
# 1.13's torch/library.py keeps them: a second impl of the same operator on
# the same key is refused, where the dispatcher would silently replace the
# first kernel by the second.
_impls = set()


class Library:
    def __init__(self, ns, kind, dispatch_key=""):
        if kind not in ("IMPL", "DEF", "FRAGMENT"):
            raise ValueError("Unsupported kind: ", kind)
        self.m = _C._DispatchLibrary(kind, ns, dispatch_key)
        self.ns = ns
        self.kind = kind
        self.dispatch_key = dispatch_key
        self._op_impls = set()

    def __repr__(self):
        return f"Library(kind={self.kind}, ns={self.ns}, dispatch_key={self.dispatch_key})>"

    def define(self, schema):
        """Declares an operator; returns its name."""
        self.m.define(schema)
        return schema.split("(")[0]

    def impl(self, op_name, fn, dispatch_key=""):
        """fn(*args, **kwargs) as the kernel of op_name on dispatch_key (the
        library's own key when ""): called with the operator's arguments as
        Python objects, returning its result."""
        if not callable(fn):
            raise TypeError(f"Input function is required to be a callable but found type {type(fn)}")
        if isinstance(op_name, OpOverload):
            op_name = op_name.name().split("::")[1]
        elif not isinstance(op_name, str):
            raise RuntimeError("impl should be passed either a name or an OpOverload object as the first argument")
        key_name = dispatch_key or self.dispatch_key
        key = f"{self.ns}/{op_name.split('::')[-1]}/{key_name}"
        if key in _impls:
            raise RuntimeError("This is not allowed since there's already a kernel registered from python overriding "
                               f"{op_name.split('::')[-1]}'s behavior for {key_name} dispatch key and {self.ns} "
                               "namespace.")
        self.m.impl(op_name, dispatch_key, fn)
        _impls.add(key)
        self._op_impls.add(key)

    def fallback(self, fn):
        """fn(func, *args, **kwargs) for every operator on the library's key
        (an IMPL library of namespace "_")."""
        self.m.fallback(fn)

    def close(self):
        self._forget_impls()
        self.m.close()

    def _forget_impls(self):
        # getattr: __init__ may have raised before the set was made.
        for key in getattr(self, "_op_impls", ()):
            _impls.discard(key)
        self._op_impls = set()

    def __del__(self):
        self._forget_impls()
