"""mini_torch.autograd: grad mode (no_grad, enable_grad), and the engine's
two entries from Python, grad and backward, as torch/autograd/__init__.py
has them in 1.13.

Both check their arguments here and call the engine's run_backward
(python/csrc/autograd/python_engine.cpp, 1.13's
Variable._execution_engine.run_backward). grad(..., is_grads_batched=True)
runs that call under vmap (mini_torch/_vmap_internals.py): the backward
pass runs once, on batched gradients, through the Batched key's rules.
"""

from mini_torch import _C
from mini_torch.autograd.grad_mode import enable_grad, no_grad  # noqa: F401

# 1.13 keeps it as Variable._execution_engine (torch/autograd/variable.py).
_execution_engine = _C._ImperativeEngine()


def _tensor_or_tensors_to_tuple(tensors, length):
    if tensors is None:
        return (None,) * length
    if isinstance(tensors, _C._TensorBase):
        return (tensors,)
    return tuple(tensors)


def _make_grads(outputs, grads, is_grads_batched):
    """Each output's gradient, checked as 1.13's _make_grads checks it: a
    tensor of the output's shape (after a batch dimension when
    is_grads_batched), or None, which means ones for a one-element output."""
    new_grads = []
    for index, (out, grad) in enumerate(zip(outputs, grads)):
        if isinstance(grad, _C._TensorBase):
            if is_grads_batched and grad.dim() > 0 and grad.shape[0] == 0:
                raise IndexError("index 0 is out of bounds for dimension 0 with size 0")  # 1.13 reads grad[0]
            if is_grads_batched and grad.dim() == 0:
                raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                 "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
            first_shape = tuple(grad.shape[1:]) if is_grads_batched else tuple(grad.shape)  # 1.13's grad[0]
            if first_shape != tuple(out.shape):
                # 1.13 names grad[0]'s shape, less its first dimension when batched.
                grad_shape = _size(first_shape[1:] if is_grads_batched else first_shape)
                if is_grads_batched:
                    raise RuntimeError(
                        "If `is_grads_batched=True`, we interpret the first dimension of each grad_output as the "
                        "batch dimension. The sizes of the remaining dimensions are expected to match the shape "
                        f"of corresponding output, but a mismatch was detected: grad_output[{index}] has a shape "
                        f"of {grad_shape} and output[{index}] has a shape of {_size(out.shape)}. If you only want "
                        "some tensors in `grad_output` to be considered batched, consider using vmap.")
                raise RuntimeError(f"Mismatch in shape: grad_output[{index}] has a shape of {grad_shape} and "
                                   f"output[{index}] has a shape of {_size(out.shape)}.")
            new_grads.append(grad)
        elif grad is None:
            if out.requires_grad:
                if out.numel() != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                new_grads.append(_C._VariableFunctions.ones(list(out.shape), dtype=out.dtype, device=out.device))
            else:
                new_grads.append(None)
        else:
            raise TypeError("gradients can be either Tensors or None, but got " + type(grad).__name__)
    return tuple(new_grads)


def _size(shape):
    from mini_torch._size import Size
    return Size(tuple(shape))


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None,
             inputs=None):
    """torch.autograd.backward: one backward pass from every tensor of
    `tensors`, accumulating into the .grad of each leaf it reaches."""
    if grad_variables is not None:
        raise RuntimeError("'grad_tensors' and 'grad_variables' (deprecated) arguments both passed to backward(). "
                           "Please only use 'grad_tensors'." if grad_tensors is not None else
                           "grad_variables is not in mini_torch, the course's module: 1.13 deprecates it for "
                           "grad_tensors")
    if inputs is not None and len(inputs) == 0:
        raise RuntimeError("'inputs' argument to backward() cannot be empty.")
    tensors = (tensors,) if isinstance(tensors, _C._TensorBase) else tuple(tensors)
    inputs = (inputs,) if isinstance(inputs, _C._TensorBase) else tuple(inputs) if inputs is not None else tuple()
    grad_tensors_ = _make_grads(tensors, _tensor_or_tensors_to_tuple(grad_tensors, len(tensors)),
                                is_grads_batched=False)
    if retain_graph is None:
        retain_graph = create_graph
    _execution_engine.run_backward(tensors, grad_tensors_, retain_graph, create_graph, inputs,
                                   allow_unreachable=True, accumulate_grad=True)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, is_grads_batched=False):
    """torch.autograd.grad: the gradients of `outputs` with respect to
    `inputs`, returned as a tuple and not accumulated into .grad.

    With is_grads_batched=True, the first dimension of each of
    `grad_outputs` is a batch, and the result is one vector-Jacobian
    product per row: seeded with the identity, the per-sample gradients of
    a vector of per-sample losses, from one backward pass under vmap."""
    t_outputs = (outputs,) if isinstance(outputs, _C._TensorBase) else tuple(outputs)
    t_inputs = (inputs,) if isinstance(inputs, _C._TensorBase) else tuple(inputs)
    if not only_inputs:
        import warnings
        warnings.warn("only_inputs argument is deprecated and is ignored now (defaults to True). To accumulate "
                      "gradient for other parts of the graph, please use torch.autograd.backward.")
    if len(t_inputs) == 0:
        raise ValueError("grad requires non-empty inputs.")
    grad_outputs_ = _make_grads(t_outputs, _tensor_or_tensors_to_tuple(grad_outputs, len(t_outputs)),
                                is_grads_batched=is_grads_batched)
    if retain_graph is None:
        retain_graph = create_graph

    if is_grads_batched:
        from mini_torch import _vmap_internals

        def vjp(gO):
            return _execution_engine.run_backward(t_outputs, gO, retain_graph, create_graph, t_inputs,
                                                  allow_unused, accumulate_grad=False)
        return _vmap_internals._vmap(vjp, 0, 0, allow_none_pass_through=True)(grad_outputs_)
    return _execution_engine.run_backward(t_outputs, grad_outputs_, retain_graph, create_graph, t_inputs,
                                          allow_unused, accumulate_grad=False)


def __getattr__(name):
    # torch.autograd.Function, .functional, ...: a torch name this module lacks says so.
    from mini_torch import _missing, _torch_names
    if name in _torch_names.AUTOGRAD:
        raise NotImplementedError(_missing.not_in_mini_torch(f"torch.autograd.{name}"))
    raise AttributeError(f"module 'torch.autograd' has no attribute '{name}'")
