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


class Library:
    def __init__(self, ns, kind, dispatch_key=""):
        if kind not in ("IMPL", "DEF", "FRAGMENT"):
            raise ValueError("Unsupported kind: ", kind)
        self.m = _C._DispatchLibrary(kind, ns, dispatch_key)
        self.ns = ns
        self.kind = kind
        self.dispatch_key = dispatch_key

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
        if isinstance(op_name, OpOverload):
            op_name = op_name.name().split("::")[1]
        self.m.impl(op_name, dispatch_key, fn)

    def fallback(self, fn):
        """fn(func, *args, **kwargs) for every operator on the library's key
        (an IMPL library of namespace "_")."""
        self.m.fallback(fn)

    def close(self):
        self.m.close()
