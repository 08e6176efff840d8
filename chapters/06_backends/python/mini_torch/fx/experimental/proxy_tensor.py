"""make_fx, torch/fx/experimental/proxy_tensor.py's, on the Python mode:
run a function once on real tensors with a TorchDispatchMode on the stack,
and keep every operator call that reaches the mode as a node of a graph.

    graph = make_fx(lambda x, y: (x * y + x).sum())(a, b)
    print(graph)        # x_1, y_1 -> mul, add, sum
    graph(c, d)         # runs the recorded calls again on other inputs

What reaches the mode is what is below autograd, so the graph is in terms
of the dispatcher's operators (aten.mul.Tensor, ...), with numbers where
the program passed numbers. 1.13's make_fx builds a torch.fx GraphModule
and follows tensors with proxies stored on them; this tracer keeps a table
from each tensor it has seen to the node that made it. Only tensors the
function was given or an operator returned can be arguments: one made
outside the function (a constant) is refused. A tensor is known by its
`_cdata` (which C++ tensor it is), since a tensor that comes back from the
dispatcher is a new Python object each time.
"""

import inspect

from mini_torch._tensor import Tensor
from mini_torch.utils._python_dispatch import TorchDispatchMode


class Node:
    def __init__(self, op, name, target=None, args=(), kwargs=None):
        self.op = op  # "placeholder", "call_function" or "output"
        self.name = name
        self.target = target
        self.args = args
        self.kwargs = kwargs or {}

    def __repr__(self):
        return self.name


class Graph:
    """The recorded program: placeholders, calls in order, the output."""

    def __init__(self):
        self.nodes = []
        self._used = {}

    def _fresh(self, base):
        count = self._used.get(base, 0)
        self._used[base] = count + 1
        return base if count == 0 else f"{base}_{count}"

    def add(self, op, base, target=None, args=(), kwargs=None):
        node = Node(op, self._fresh(base), target, args, kwargs)
        self.nodes.append(node)
        return node

    def __call__(self, *inputs):
        """The calls again, on `inputs`: each node's target on the values
        its arguments now have."""
        values = {}

        def value(arg):
            if isinstance(arg, Node):
                return values[arg.name]
            if isinstance(arg, (list, tuple)):
                return type(arg)(value(item) for item in arg)
            return arg

        placeholders = iter(inputs)
        for node in self.nodes:
            if node.op == "placeholder":
                values[node.name] = next(placeholders)
            elif node.op == "call_function":
                values[node.name] = node.target(*value(node.args), **value(node.kwargs))
            else:
                return value(node.args[0])
        return None

    def __str__(self):
        lines = []
        inputs = [node.name for node in self.nodes if node.op == "placeholder"]
        lines.append(f"def forward({', '.join(inputs)}):")
        for node in self.nodes:
            if node.op == "call_function":
                arguments = [repr(arg) for arg in node.args] + [f"{k}={v!r}" for k, v in node.kwargs.items()]
                lines.append(f"    {node.name} = {node.target}({', '.join(arguments)})")
            elif node.op == "output":
                lines.append(f"    return {node.args[0]!r}")
        return "\n".join(lines)


# [proxy_tensor_mode]
class ProxyTorchDispatchMode(TorchDispatchMode):
    """Runs each call for real and records it: its arguments as the nodes
    that made them (or as the values themselves), its result as a new node."""

    def __init__(self, graph, nodes):
        self.graph = graph
        self.nodes = nodes  # tensor._cdata -> (tensor, node): the tensor kept, so its address stays its own

    def node_of(self, value):
        if isinstance(value, Tensor):
            if value._cdata not in self.nodes:
                raise RuntimeError("make_fx: a tensor the function was not given and no operator made "
                                   "(a constant) cannot be traced here")
            return self.nodes[value._cdata][1]
        if isinstance(value, (list, tuple)):
            return type(value)(self.node_of(item) for item in value)
        return value

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        node = self.graph.add("call_function", func.overloadpacket.__name__, func,
                              self.node_of(tuple(args)), {k: self.node_of(v) for k, v in kwargs.items()})
        result = func(*args, **kwargs)
        if isinstance(result, Tensor):
            self.nodes[result._cdata] = (result, node)
        return result
# [proxy_tensor_mode]


def make_fx(f):
    """make_fx(f)(*inputs): the Graph of what f(*inputs) ran."""
    def trace(*inputs):
        graph = Graph()
        nodes = {}
        names = list(inspect.signature(f).parameters)
        for index, value in enumerate(inputs):
            name = names[index] if index < len(names) else f"arg{index}"
            nodes[value._cdata] = (value, graph.add("placeholder", f"{name}_1"))
        mode = ProxyTorchDispatchMode(graph, nodes)
        with mode:
            result = f(*inputs)
        graph.add("output", "output", args=(mode.node_of(result),))
        return graph
    return trace
