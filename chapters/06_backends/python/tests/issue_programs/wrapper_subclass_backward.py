import torch


class Wrapper(torch.Tensor):
    @staticmethod
    def __new__(cls, elem, requires_grad=False):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.shape, dtype=elem.dtype, requires_grad=requires_grad)
        r.elem = elem
        return r

    __torch_function__ = torch._C._disabled_torch_function_impl

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        def unwrap(x):
            return x.elem if isinstance(x, Wrapper) else x

        def wrap(x):
            return Wrapper(x) if isinstance(x, torch.Tensor) and not isinstance(x, Wrapper) else x

        out = func(*[unwrap(a) for a in args], **{k: unwrap(v) for k, v in (kwargs or {}).items()})
        return wrap(out)


w = Wrapper(torch.tensor([1.0, 2.0]), requires_grad=True)
y = (w * 3.0).sum()
print(type(y).__name__, y.requires_grad)
y.backward()
print(type(w.grad).__name__, w.grad.elem)
