"""mini_torch.ops (this file is _ops.py, as in torch): every registered operator
as an object, as torch/_ops.py gives them. ops.aten.add is the packet of add's overloads, ops.aten.add.Tensor
one overload (OpOverload): calling it calls the dispatcher boxed; printing
its _schema prints what the dispatcher registered."""

from mini_torch import _C


class OpOverload:
    def __init__(self, packet, overload_name):
        self._op = packet
        self._overloadname = "default" if overload_name == "" else overload_name
        self._cpp_overload = overload_name
        self._qualified_op_name = packet._qualified_op_name
        self._schema = _C._dispatch_schema(self._qualified_op_name, overload_name)
        self.__name__ = f"{packet.__name__}.{self._overloadname}"
        # torch._ops.aten, as 1.13's: its "no implementation found" error names func by these two.
        self.__module__ = "mini_torch._ops." + self._qualified_op_name.split("::")[0]

    def __call__(self, *args, **kwargs):
        return _C._dispatch_call_boxed(self._qualified_op_name, self._cpp_overload, args, kwargs)

    def name(self):
        """aten::add.Tensor, the dispatcher's full name."""
        suffix = f".{self._cpp_overload}" if self._cpp_overload else ""
        return f"{self._qualified_op_name}{suffix}"

    @property
    def overloadpacket(self):
        return self._op

    def __repr__(self):
        ns, name = self._qualified_op_name.split("::")
        return f"<OpOverload(op='{ns}.{name}', overload='{self._overloadname}')>"

    def __str__(self):
        return "{}.{}.{}".format(*self._qualified_op_name.split("::"), self._overloadname)


class OpOverloadPacket:
    def __init__(self, qualified_op_name, op_name, overload_names):
        self._qualified_op_name = qualified_op_name
        self.__name__ = op_name
        self._overload_names = overload_names

    def overloads(self):
        return ["default" if name == "" else name for name in self._overload_names]

    def __getattr__(self, key):
        if key.startswith("__"):
            raise AttributeError(key)
        cpp_name = "" if key == "default" else key
        if cpp_name not in self._overload_names:
            # Asked again: a Library may have defined the overload since (1.13
            # looks each overload up when it is asked for).
            self._overload_names = _C._dispatch_overload_names(self._qualified_op_name)
        if cpp_name not in self._overload_names:
            raise AttributeError(
                f"The underlying op of '{self}' has no overload name '{key}'")
        overload = OpOverload(self, cpp_name)
        setattr(self, key, overload)
        return overload

    def __call__(self, *args, **kwargs):
        """The first overload whose schema takes these arguments (torch asks
        the JIT's schema matching); only then is it called, so an error its
        kernel raises reaches the caller as raised."""
        errors = []
        for name in self._overload_names:
            why = _C._dispatch_args_fit(self._qualified_op_name, name, args, kwargs)
            if why is None:
                return getattr(self, "default" if name == "" else name)(*args, **kwargs)
            errors.append(why)
        raise TypeError(f"{self}: no overload takes these arguments:\n" + "\n".join(errors))

    def __repr__(self):
        return "<OpOverloadPacket(op='{}.{}')>".format(*self._qualified_op_name.split("::"))

    def __str__(self):
        return "{}.{}".format(*self._qualified_op_name.split("::"))


class _OpNamespace:
    def __init__(self, name):
        self.name = name

    def __getattr__(self, op_name):
        if op_name.startswith("__"):
            raise AttributeError(op_name)
        qualified = f"{self.name}::{op_name}"
        overloads = _C._dispatch_overload_names(qualified)
        if not overloads:
            # 1.13's words (torch/_ops.py, whose _OpNamespace asks the JIT).
            raise AttributeError(f"'_OpNamespace' '{self.name}' object has no attribute '{op_name}'")
        packet = OpOverloadPacket(qualified, op_name, overloads)
        setattr(self, op_name, packet)
        return packet


class _Ops:
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        namespace = _OpNamespace(name)
        setattr(self, name, namespace)
        return namespace


ops = _Ops()


def _op_overload_of(qualified_name, overload_name):
    """What _C hands a Python kernel or mode as `func`: ops.ns.name.overload."""
    ns, name = qualified_name.split("::")
    packet = getattr(getattr(ops, ns), name)
    return getattr(packet, "default" if overload_name == "" else overload_name)
