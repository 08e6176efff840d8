"""A TorchDispatchMode written in Python on chapter 06's mode stack, and a
tensor subclass made with _make_wrapper_subclass (a logging, a masked and
a lazy one): which
calls reach __torch_dispatch__, in which order, with which arguments,
against torch 1.13 on the same statements (tests/data/, written by
maint/reference/gen_python_mode_data.py); and the stash: what the handler
calls goes below it, to the next mode or the kernel."""

import os
import unittest

import mini_torch
from mini_torch.utils._python_dispatch import TorchDispatchMode, _len_torch_dispatch_stack

DATA = os.path.join(os.path.dirname(__file__), "data", "pytorch-1.13-python-modes.txt")


def describe(value):
    if isinstance(value, mini_torch.Tensor):
        return "Tensor"
    return type(value).__name__


class LoggingMode(TorchDispatchMode):
    def __init__(self):
        self.log = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        self.log.append(f"{func} ({', '.join(describe(arg) for arg in args)}) {{{', '.join(sorted(kwargs))}}}")
        return func(*args, **kwargs)


# [logging_tensor]
class LoggingTensor(mini_torch.Tensor):
    """torch's LoggingTensor: a wrapper whose __torch_dispatch__ logs each
    call, then runs it on the wrapped tensors and wraps the result."""
    __slots__ = ["elem"]
    log = []

    def __new__(cls, elem):
        wrapper = mini_torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype, device=elem.device,
                                                           requires_grad=elem.requires_grad)
        wrapper.elem = elem
        return wrapper

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        cls.log.append(f"{func} ({', '.join(describe(arg) for arg in args)}) {{{', '.join(sorted(kwargs))}}}")

        def unwrap(value):
            return value.elem if isinstance(value, LoggingTensor) else value

        result = func(*[unwrap(arg) for arg in args], **{key: unwrap(value) for key, value in kwargs.items()})
        return LoggingTensor(result) if isinstance(result, mini_torch.Tensor) else result
# [logging_tensor]


def run_subclass(statement):
    a = LoggingTensor(mini_torch.tensor([1.0, 2.0]))
    b = LoggingTensor(mini_torch.tensor([3.0, 4.0]))
    LoggingTensor.log = []
    result = eval(statement, {"torch": mini_torch, "a": a, "b": b})  # noqa: S307 (the data's statements)
    return "; ".join(LoggingTensor.log) + f" => {result.elem.tolist()}"


# [masked_tensor]
class MaskedTensor(mini_torch.Tensor):
    """Data and a mask: a result's mask is its inputs' masks and-ed."""
    __slots__ = ["data_", "mask"]

    def __new__(cls, data, mask):
        wrapper = mini_torch.Tensor._make_wrapper_subclass(cls, data.size(), dtype=data.dtype)
        wrapper.data_, wrapper.mask = data, mask
        return wrapper

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        masks = [arg.mask for arg in list(args) + list(kwargs.values()) if isinstance(arg, MaskedTensor)]
        mask = [all(bits) for bits in zip(*masks)]

        def unwrap(value):
            return value.data_ if isinstance(value, MaskedTensor) else value

        result = func(*[unwrap(arg) for arg in args], **{key: unwrap(value) for key, value in kwargs.items()})
        return MaskedTensor(result, mask)
# [masked_tensor]


def run_masked(statement):
    a = MaskedTensor(mini_torch.tensor([1.0, 2.0]), [True, False])
    b = MaskedTensor(mini_torch.tensor([3.0, 4.0]), [True, True])
    result = eval(statement, {"torch": mini_torch, "a": a, "b": b})  # noqa: S307 (the data's statements)
    return str([value if bit else None for value, bit in zip(result.data_.tolist(), result.mask)])


# [lazy_tensor]
class LazyTensor(mini_torch.Tensor):
    """Each call recorded, nothing run until materialize()."""
    __slots__ = ["thunk"]
    recorded = []

    def __new__(cls, like, thunk):
        wrapper = mini_torch.Tensor._make_wrapper_subclass(cls, like.size(), dtype=like.dtype)
        wrapper.thunk = thunk
        return wrapper

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        cls.recorded.append(str(func))

        def force(value):
            return value.materialize() if isinstance(value, LazyTensor) else value

        like = next(arg for arg in args if isinstance(arg, mini_torch.Tensor))
        return LazyTensor(like, lambda: func(*[force(arg) for arg in args],
                                             **{key: force(value) for key, value in kwargs.items()}))

    def materialize(self):
        return self.thunk()
# [lazy_tensor]


def run_lazy(statement):
    a_value, b_value = mini_torch.tensor([1.0, 2.0]), mini_torch.tensor([3.0, 4.0])
    a = LazyTensor(a_value, lambda: a_value)
    b = LazyTensor(b_value, lambda: b_value)
    LazyTensor.recorded = []
    result = eval(statement, {"torch": mini_torch, "a": a, "b": b})  # noqa: S307 (the data's statements)
    recorded = ", ".join(LazyTensor.recorded)
    return f"{recorded} => {result.materialize().tolist()}"


def run(statement):
    a = mini_torch.tensor([1.0, 2.0])
    b = mini_torch.tensor([3.0, 4.0])
    g = mini_torch.tensor([5.0, 6.0], requires_grad=True)
    mode = LoggingMode()
    with mode:
        eval(statement, {"torch": mini_torch, "a": a, "b": b, "g": g})  # noqa: S307 (the data's statements)
    return "; ".join(mode.log)


class ModesAgainstTorch(unittest.TestCase):
    def test_every_recorded_statement(self):
        with open(DATA, encoding="utf-8") as data:
            lines = [line.rstrip("\n") for line in data if not line.startswith("#")]
        self.assertGreater(len(lines), 8)
        kinds = {"call": run, "subclass": run_subclass, "masked": run_masked, "lazy": run_lazy}
        for call, answer in zip(lines[0::2], lines[1::2]):
            kind, statement = call.split(" ", 1)
            with self.subTest(kind=kind, statement=statement):
                self.assertEqual(kinds[kind](statement), answer.split(" ", 1)[1])


class Stash(unittest.TestCase):
    def test_the_handler_calls_reach_the_mode_below(self):
        order = []

        class Named(TorchDispatchMode):
            def __init__(self, name):
                self.name = name

            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                order.append((self.name, str(func), _len_torch_dispatch_stack()))
                return func(*args, **(kwargs or {}))

        a = mini_torch.tensor([1.0])
        with Named("outer"), Named("inner"):
            result = mini_torch.neg(a)
        self.assertEqual(result.tolist(), [-1.0])
        # The inner (top) mode first, with itself stashed; then the outer one.
        self.assertEqual(order, [("inner", "aten.neg.default", 1), ("outer", "aten.neg.default", 0)])
        self.assertEqual(_len_torch_dispatch_stack(), 0)

    def test_a_mode_can_change_the_result(self):
        class Doubling(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                result = func(*args, **(kwargs or {}))
                return result + result

        a = mini_torch.tensor([1.0])
        with Doubling():
            result = mini_torch.neg(a)
        # neg, then add (the handler's own call, below the stashed mode).
        self.assertEqual(result.tolist(), [-2.0])


class ModesBeforeSubclasses(unittest.TestCase):
    def test_the_mode_runs_first_and_its_call_reaches_the_subclass(self):
        # 1.13's handle_torch_function_no_python_arg_parser asks the mode
        # first; the mode's own func(*args), with the mode stashed, then
        # reaches the wrapper's class.
        class Marking(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                LoggingTensor.log.append(f"mode {func}")
                return func(*args, **(kwargs or {}))

        a = LoggingTensor(mini_torch.tensor([1.0, 2.0]))
        LoggingTensor.log = []
        with Marking():
            result = mini_torch.neg(a)
        self.assertEqual(LoggingTensor.log, ["mode aten.neg.default", "aten.neg.default (Tensor) {}"])
        self.assertIsInstance(result, LoggingTensor)
        self.assertEqual(result.elem.tolist(), [-1.0, -2.0])


if __name__ == "__main__":
    unittest.main()
