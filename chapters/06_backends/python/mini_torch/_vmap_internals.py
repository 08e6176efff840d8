"""torch.vmap as 1.13 has it (torch/_vmap_internals.py, the "legacy" vmap
that torch.autograd.grad(is_grads_batched=True) runs on), over chapter 06's
Batched key.

vmap(func, in_dims, out_dims)(*args) takes a level on this thread, wraps
each mapped input as a batched tensor of that level (_add_batch_dim: its
key set is {Batched}, so every operator on it reaches a batching rule or the
for-loop fallback), calls func once, and makes each result physical again
with its batch at out_dims (_remove_batch_dim). The four steps are C++
(python/csrc/functorch/legacy_vmap.cpp, on mini/functorch/vmap.h); what is
here is 1.13's checking of in_dims and out_dims, in 1.13's words.

Inputs and in_dims may nest in tuples and lists, as 1.13's pytrees; the
dicts and other containers 1.13's pytrees take are refused by name.
"""

import functools
import warnings

from mini_torch import _C


def _tree_flatten(tree):
    """(leaves, spec) of nested tuples and lists; spec is None for a leaf."""
    if isinstance(tree, (tuple, list)):
        leaves, specs = [], []
        for child in tree:
            child_leaves, child_spec = _tree_flatten(child)
            leaves.extend(child_leaves)
            specs.append((len(child_leaves), child_spec))
        return leaves, (type(tree), specs)
    if isinstance(tree, dict):
        raise NotImplementedError("vmap over a dict of inputs is not in mini_torch, the course's module: its vmap "
                                  "takes tensors nested in tuples and lists")
    return [tree], None


def _tree_unflatten(leaves, spec):
    if spec is None:
        return leaves[0]
    kind, specs = spec
    children, start = [], 0
    for count, child_spec in specs:
        children.append(_tree_unflatten(leaves[start:start + count], child_spec))
        start += count
    return kind(children)


def _spec_str(spec):
    """As 1.13's TreeSpec prints: TreeSpec(tuple, None, [*, *])."""
    if spec is None:
        return "*"
    kind, specs = spec
    return f"TreeSpec({kind.__name__}, None, [{', '.join(_spec_str(child) for _, child in specs)}])"


def _broadcast_to_and_flatten(in_dims, spec):
    """in_dims as one entry per leaf of the inputs, or None if its
    structure does not match theirs (an int stands for a whole subtree)."""
    if not isinstance(in_dims, (tuple, list)):
        return [in_dims] * _count_leaves(spec)
    if spec is None:
        return None
    kind, specs = spec
    if type(in_dims) is not kind or len(in_dims) != len(specs):  # 1.13's specs compare the container type too
        return None
    flat = []
    for dims, (_, child_spec) in zip(in_dims, specs):
        child = _broadcast_to_and_flatten(dims, child_spec)
        if child is None:
            return None
        flat.extend(child)
    return flat


def _count_leaves(spec):
    return 1 if spec is None else sum(count for count, _ in spec[1])


def _get_name(func):
    return func.__name__ if hasattr(func, "__name__") else repr(func)


def _validate_and_get_batch_size(flat_in_dims, flat_args):
    batch_sizes = [arg.size(in_dim) for in_dim, arg in zip(flat_in_dims, flat_args) if in_dim is not None]
    if batch_sizes and any(size != batch_sizes[0] for size in batch_sizes):
        raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                         f"{batch_sizes} for the mapped dimension")
    return batch_sizes[0]


def _create_batched_inputs(in_dims, args, vmap_level, func):
    if not isinstance(in_dims, int) and not isinstance(in_dims, tuple):
        raise ValueError(f"vmap({_get_name(func)}, in_dims={in_dims}, ...)(<inputs>): expected `in_dims` to be int "
                         f"or a (potentially nested) tuple matching the structure of inputs, got: {type(in_dims)}.")
    if len(args) == 0:
        raise ValueError(f"vmap({_get_name(func)})(<inputs>): got no inputs. Maybe you forgot to add inputs, or you "
                         f"are trying to vmap over a function with no inputs. The latter is unsupported.")
    flat_args, args_spec = _tree_flatten(args)
    flat_in_dims = _broadcast_to_and_flatten(in_dims, args_spec)
    if flat_in_dims is None:
        raise ValueError(f"vmap({_get_name(func)}, in_dims={in_dims}, ...)(<inputs>): in_dims is not compatible "
                         f"with the structure of `inputs`. in_dims has structure {_spec_str(_tree_flatten(in_dims)[1])}"
                         f" but inputs has structure {_spec_str(args_spec)}.")
    for arg, in_dim in zip(flat_args, flat_in_dims):
        if isinstance(in_dim, bool) and isinstance(arg, _C._TensorBase):
            # 1.13 passes it on to arg.size(in_dim), whose parser takes no bool.
            raise TypeError(
                "size() received an invalid combination of arguments - got (bool), but expected one of:\n"
                " * (int dim)\n      didn't match because some of the arguments have invalid types: (!bool!)\n"
                " * ()\n      didn't match because some of the arguments have invalid types: (!bool!)\n"
                " * (name dim)\n      didn't match because some of the arguments have invalid types: (!bool!)\n")
        if not isinstance(in_dim, int) and in_dim is not None:
            raise ValueError(f"vmap({_get_name(func)}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={in_dim} for an "
                             f"input but in_dim must be either an integer dimension or None.")
        if isinstance(in_dim, int) and not isinstance(arg, _C._TensorBase):
            raise ValueError(f"vmap({_get_name(func)}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={in_dim} for an "
                             f"input but the input is of type {type(arg)}. We cannot vmap over non-Tensor arguments, "
                             f"please use None as the respective in_dim")
        if in_dim is not None and (in_dim < 0 or in_dim >= arg.dim()):
            raise ValueError(f"vmap({_get_name(func)}, in_dims={in_dims}, ...)(<inputs>): Got in_dim={in_dim} for some "
                             f"input, but that input is a Tensor of dimensionality {arg.dim()} so expected in_dim to "
                             f"satisfy 0 <= in_dim < {arg.dim()}.")
        if in_dim and arg.requires_grad:
            # Moving the batch to the front of a tensor autograd records is a
            # permute, an operator with a backward; chapter 06 has none.
            from mini_torch._missing import not_in_mini_torch
            raise NotImplementedError(not_in_mini_torch(
                f"vmap over dimension {in_dim} of a tensor that requires grad (it needs aten::permute)"))
    batch_size = _validate_and_get_batch_size(flat_in_dims, flat_args)
    batched_inputs = [arg if in_dim is None else _C._add_batch_dim(arg, in_dim, vmap_level)
                      for in_dim, arg in zip(flat_in_dims, flat_args)]
    return _tree_unflatten(batched_inputs, args_spec), batch_size


def _unwrap_batched(batched_outputs, out_dims, vmap_level, batch_size, func, allow_none_pass_through=False):
    num_outputs = len(batched_outputs) if isinstance(batched_outputs, tuple) else 1
    if not isinstance(out_dims, tuple):
        out_dims_as_tuple = (out_dims,) * num_outputs
    elif len(out_dims) != num_outputs:
        raise ValueError(f"vmap({_get_name(func)}, ..., out_dims={out_dims}): `out_dims` must have one dim per "
                         f"output (got {num_outputs} outputs) of {_get_name(func)}.")
    else:
        out_dims_as_tuple = out_dims
    outputs = (batched_outputs,) if isinstance(batched_outputs, _C._TensorBase) else batched_outputs
    for out, out_dim in zip(outputs, out_dims_as_tuple):
        if isinstance(out_dim, bool):  # 1.13's _remove_batch_dim binding takes no bool for an int
            raise TypeError("_remove_batch_dim(): argument 'out_dim' (position 4) must be int, not bool")
        rank = out.dim() + 1 if isinstance(out, _C._TensorBase) else None  # with the batch dimension
        if rank is not None and not -rank <= out_dim < rank:
            # 1.13's movedim of the physical result checks it (maybe_wrap_dim).
            raise IndexError(f"Dimension out of range (expected to be in range of [{-rank}, {rank - 1}], but got "
                             f"{out_dim})")
    if isinstance(batched_outputs, _C._TensorBase):
        return _C._remove_batch_dim(batched_outputs, vmap_level, batch_size, out_dims_as_tuple[0])
    return tuple(None if out is None and allow_none_pass_through
                 else _C._remove_batch_dim(out, vmap_level, batch_size, out_dim)
                 for out, out_dim in zip(batched_outputs, out_dims_as_tuple))


def _validate_outputs(outputs, func):
    if isinstance(outputs, _C._TensorBase):
        return
    if not isinstance(outputs, tuple):
        raise ValueError(f"vmap({_get_name(func)}, ...): `{_get_name(func)}` must only return Tensors, got type "
                         f"{type(outputs)} as the return.")
    for idx, output in enumerate(outputs):
        if not isinstance(output, _C._TensorBase):
            raise ValueError(f"vmap({_get_name(func)}, ...): `{_get_name(func)}` must only return Tensors, got type "
                             f"{type(output)} for return {idx}.")


def _check_out_dims_is_int_or_int_tuple(out_dims, func):
    if isinstance(out_dims, int):
        return
    if not isinstance(out_dims, tuple) or not all(isinstance(out_dim, int) for out_dim in out_dims):
        raise ValueError(f"vmap({_get_name(func)}, ..., out_dims={out_dims}): `out_dims` must be an int or a tuple "
                         f"of int representing where in the outputs the vmapped dimension should appear.")


def vmap(func, in_dims=0, out_dims=0):
    """torch.vmap: `func` written for one sample, mapped over dimension
    `in_dims` of its inputs; its results get the batch at `out_dims`."""
    warnings.warn("Please use functorch.vmap instead of torch.vmap (https://github.com/pytorch/functorch). We've "
                  "moved development on torch.vmap over to functorch; functorch's vmap has a multitude of "
                  "significant performance and functionality improvements.", stacklevel=2)
    return _vmap(func, in_dims, out_dims)


def _vmap(func, in_dims=0, out_dims=0, allow_none_pass_through=False):
    """vmap without its warning; allow_none_pass_through lets a result be
    None (autograd.grad's of an unused input)."""
    @functools.wraps(func)
    def wrapped(*args):
        _check_out_dims_is_int_or_int_tuple(out_dims, func)
        vmap_level = _C._vmapmode_increment_nesting()
        try:
            batched_inputs, batch_size = _create_batched_inputs(in_dims, args, vmap_level, func)
            batched_outputs = func(*batched_inputs)
            if not allow_none_pass_through:
                _validate_outputs(batched_outputs, func)
            return _unwrap_batched(batched_outputs, out_dims, vmap_level, batch_size, func,
                                   allow_none_pass_through=allow_none_pass_through)
        finally:
            _C._vmapmode_decrement_nesting()
    return wrapped
