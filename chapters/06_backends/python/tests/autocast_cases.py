"""Autocast from Python, as small programs run the same way on torch 1.13
(maint/reference/gen_python_autocast_data.py records what they give) and on
mini_torch (test_autocast.py holds it to that record).

A case is Python source run with `torch` bound to the module, and these
helpers; what it gives is the list of lines they write:

    show(*values)   one line: the values' reprs
    state()         the thread's autocast state as one string
    nesting()       the nesting count now (one increment and one decrement)
    attempt(f)      f() and its repr, or "raised <type>: <message>", and go on
    logged()        a TorchDispatchMode that writes each call it sees and its
                    result's dtype, as a "calls" line when it exits

Each warning is a line ("warning <category>: <message>") where it is raised,
and an exception that ends the case is the last one ("raised ..."). After
the case, one more line: the state it leaves behind and the nesting count,
which the runner then puts back to the defaults, so that one case never sees
what another left (a refused __enter__ may leave the count raised, as in
1.13). Reprs are normalized: mini_torch reads as torch, addresses as 0x....
"""

import re
import threading
import warnings

# 1.13's matmul is a composite that reaches a mode as mm; the course's is one
# operator (test_python_utils.py's COMPOSITE_MATMUL says the same).
COMPOSITE_MATMUL = {"aten.mm.default": "aten.matmul.default"}

CASES = [
    # The state functions of torch._C, one at a time.
    ("defaults", "show(state())"),
    ("set-and-read", """
for value in (True, False):
    torch.set_autocast_enabled(value)
    torch.set_autocast_cpu_enabled(value)
    torch.set_autocast_cache_enabled(not value)
    show(torch.is_autocast_enabled(), torch.is_autocast_cpu_enabled(), torch.is_autocast_cache_enabled())
"""),
    ("gpu-dtype-takes-any-dtype", """
for dtype in (torch.bfloat16, torch.float32, torch.int64, torch.float16):
    show(torch.set_autocast_gpu_dtype(dtype), torch.get_autocast_gpu_dtype())
"""),
    ("cpu-dtype-bfloat16-only", """
show(torch.set_autocast_cpu_dtype(torch.bfloat16), torch.get_autocast_cpu_dtype())
attempt(lambda: torch.set_autocast_cpu_dtype(torch.float16))
attempt(lambda: torch.set_autocast_cpu_dtype(torch.float32))
show(torch.get_autocast_cpu_dtype())
"""),
    ("dtype-must-be-a-dtype", """
attempt(lambda: torch.set_autocast_cpu_dtype("bfloat16"))
attempt(lambda: torch.set_autocast_gpu_dtype(None))
attempt(lambda: torch.set_autocast_gpu_dtype(torch.ones(1)))
"""),
    ("enabled-must-be-a-bool", """
attempt(lambda: torch.set_autocast_enabled(1))
attempt(lambda: torch.set_autocast_cpu_enabled(None))
attempt(lambda: torch.set_autocast_cache_enabled("yes"))
attempt(lambda: torch.set_autocast_cpu_enabled(torch.tensor(True)))
"""),
    ("argument-counts", """
attempt(lambda: torch.is_autocast_enabled(1))
attempt(lambda: torch.set_autocast_enabled())
attempt(lambda: torch.get_autocast_cpu_dtype(torch.float32))
attempt(lambda: torch.clear_autocast_cache(1))
attempt(lambda: torch.autocast_increment_nesting(1))
attempt(lambda: torch.set_autocast_cpu_dtype(torch.bfloat16, torch.bfloat16))
"""),
    ("nesting-counts-below-zero", """
show(torch.autocast_increment_nesting(), torch.autocast_increment_nesting())
show(torch.autocast_decrement_nesting(), torch.autocast_decrement_nesting(), torch.autocast_decrement_nesting())
show(torch.autocast_increment_nesting(), torch.clear_autocast_cache())
"""),
    ("top-level-names", """
show(torch.is_autocast_enabled.__name__, torch.is_autocast_enabled.__module__)
show(torch.autocast is torch.amp.autocast, torch.autocast.__module__, torch.cpu.amp.autocast.__module__)
show(issubclass(torch.cpu.amp.autocast, torch.autocast), torch.autocast.__enter__(torch.autocast("cpu", enabled=False)))
"""),

    # torch.autocast: entry, exit, nesting, the cache.
    ("with-cpu", """
with torch.autocast("cpu") as bound:
    show(bound, state(), nesting())
show(state(), nesting())
"""),
    ("with-cpu-arguments", """
with torch.autocast("cpu", dtype=torch.bfloat16, enabled=False, cache_enabled=False):
    show(state())
with torch.autocast(device_type="cpu", enabled=True, cache_enabled=True):
    show(state())
"""),
    ("nested", """
with torch.autocast("cpu"):
    show(state(), nesting())
    with torch.autocast("cpu", enabled=False):
        show(state(), nesting())
        with torch.autocast("cpu", cache_enabled=False):
            show(state(), nesting())
        show(state(), nesting())
    show(state(), nesting())
show(state(), nesting())
"""),
    ("cpu-and-cuda-nest-on-one-count", """
with torch.autocast("cpu"):
    with torch.autocast("cuda", enabled=False):
        show(state(), nesting())
    show(state(), nesting())
"""),
    ("exception-inside", """
try:
    with torch.autocast("cpu"):
        show(state())
        raise ValueError("inside")
except ValueError as error:
    show(error, state(), nesting())
"""),
    ("decorator", """
@torch.autocast("cpu")
def product(a, b):
    '''a @ b'''
    show(state(), nesting())
    return a @ b

show(product.__name__, product.__doc__)
show(product(torch.ones(2, 3), torch.ones(3, 2)).dtype, state())
show(product(torch.ones(2, 3), torch.ones(3, 2)).dtype)
"""),
    ("thread-local", """
seen = []
with torch.autocast("cpu"):
    worker = threading.Thread(target=lambda: seen.append(state()))
    worker.start()
    worker.join()
    show(state())
show(seen[0])
"""),
    ("weight-cast-once-per-region", """
w = torch.ones(4, 3, requires_grad=True)
x = torch.ones(2, 4)
with logged():
    with torch.autocast("cpu"):
        show((x @ w).dtype, (x @ w).dtype)
with logged():
    with torch.autocast("cpu"):
        x @ w
"""),
    ("cache-disabled", """
w = torch.ones(4, 3, requires_grad=True)
x = torch.ones(2, 4)
with logged():
    with torch.autocast("cpu", cache_enabled=False):
        x @ w
        x @ w
"""),
    ("cache-kept-across-an-inner-region", """
w = torch.ones(4, 3, requires_grad=True)
x = torch.ones(2, 4)
with logged():
    with torch.autocast("cpu"):
        x @ w
        with torch.autocast("cpu"):
            x @ w
        x @ w
"""),
    ("cache-only-for-leaves-that-require-grad", """
w = torch.ones(4, 3)
v = torch.ones(4, 3, requires_grad=True) * 2
x = torch.ones(2, 4)
with logged():
    with torch.autocast("cpu"):
        x @ w
        x @ w
        x @ v
        x @ v
"""),

    # Dtypes under autocast.
    ("dtypes", """
w = torch.ones(4, 3, requires_grad=True)
x = torch.ones(2, 4)
b = torch.zeros(3)
with torch.autocast("cpu"):
    y = x @ w
    show(y.dtype, (y + b).dtype, torch.relu(y).dtype, (y * 2).dtype, y.sum().dtype)
    show((x.double() @ w.double()).dtype, (y @ torch.ones(3, 2)).dtype)
    with torch.autocast("cpu", enabled=False):
        show((x @ w).dtype)
    loss = (y + b).sum()
loss.backward()
show(loss.dtype, w.grad.dtype, w.grad.tolist())
"""),
    ("capstone-forward", """
# part 10's model() and loss (train_digits.py) on a made-up batch.
F = torch.nn.functional
x = torch.tensor([[0.0, 0.5, 1.0, 0.25], [1.0, 0.0, 0.5, 0.75], [0.25, 0.25, 0.0, 1.0]])
y = torch.tensor([0, 2, 1])
w1 = torch.tensor([[0.1, -0.2, 0.3], [0.0, 0.4, -0.1], [-0.3, 0.2, 0.1], [0.2, 0.1, -0.4]], requires_grad=True)
b1 = torch.tensor([0.0, 0.1, 0.0], requires_grad=True)
w2 = torch.tensor([[0.3, -0.1, 0.2], [-0.2, 0.4, 0.1], [0.1, 0.2, -0.3]], requires_grad=True)
b2 = torch.tensor([0.0, 0.0, 0.1], requires_grad=True)
with torch.autocast("cpu"):
    a = x @ w1
    hidden = torch.relu(a + b1)
    z = hidden @ w2
    log_probs = torch.log_softmax(z + b2, dim=1)
    loss = F.nll_loss(log_probs, y)
    show(a.dtype, (a + b1).dtype, hidden.dtype, z.dtype, (z + b2).dtype, log_probs.dtype, loss.dtype)
show(round(loss.item(), 4))
loss.backward()
show(w1.grad.dtype, b1.grad.dtype, w2.grad.dtype, b2.grad.dtype)
"""),

    # Bad arguments: 1.13's warnings and errors, and where they come.
    ("cpu-float16-warns-then-enter-refuses", """
context = torch.autocast("cpu", dtype=torch.float16)
show(state())
with context:
    show("not reached")
"""),
    ("cpu-float32-warns-then-enter-refuses", """
with torch.autocast("cpu", dtype=torch.float32):
    show("not reached")
"""),
    ("cpu-float16-disabled-is-still-refused", """
with torch.autocast("cpu", dtype=torch.float16, enabled=False):
    show("not reached")
"""),
    ("cpu-dtype-a-string", """
with torch.autocast("cpu", dtype="bfloat16"):
    show("not reached")
"""),
    ("enabled-not-a-bool-refused-at-enter", """
context = torch.autocast("cpu", enabled=1)
with context:
    show("not reached")
"""),
    ("cache-enabled-not-a-bool-leaves-the-region-open", """
with torch.autocast("cpu", cache_enabled=1):
    show("not reached")
"""),
    ("cuda-without-cuda-warns-and-disables", """
with torch.autocast("cuda"):
    show(state(), nesting())
show(state())
with torch.autocast("cuda", dtype=torch.float16, enabled=False):
    show(state())
"""),
    ("cuda-bfloat16-without-cuda", """
torch.autocast("cuda", dtype=torch.bfloat16)
"""),
    ("device-mps", """torch.autocast("mps")"""),
    ("device-xpu", """torch.autocast("xpu")"""),
    ("device-not-a-string", """
attempt(lambda: torch.autocast(1))
attempt(lambda: torch.autocast(torch.device("cpu")))
attempt(lambda: torch.autocast("CPU"))
"""),
    ("no-device-type", """torch.autocast()"""),
    ("cpu-amp-autocast", """
with torch.cpu.amp.autocast():
    show(state(), (torch.ones(2, 2) @ torch.ones(2, 2)).dtype)
with torch.cpu.amp.autocast(enabled=False, cache_enabled=False):
    show(state())
attempt(lambda: torch.cpu.amp.autocast("cpu"))
"""),
    ("cpu-amp-autocast-float16", """
with torch.cpu.amp.autocast(dtype=torch.float16):
    show("not reached")
"""),
]


def normalize(text):
    text = re.sub(r"0x[0-9a-fA-F]+", "0x...", text)
    return text.replace("mini_torch", "torch")


def _nesting(torch):
    count = torch.autocast_increment_nesting() - 1
    torch.autocast_decrement_nesting()
    return count


def _state(torch):
    return (f"cpu={torch.is_autocast_cpu_enabled()}/{torch.get_autocast_cpu_dtype()} "
            f"cuda={torch.is_autocast_enabled()}/{torch.get_autocast_gpu_dtype()} "
            f"cache={torch.is_autocast_cache_enabled()}")


def _reset(torch):
    """The defaults of a fresh thread, and a nesting count of zero."""
    torch.set_autocast_cpu_enabled(False)
    torch.set_autocast_enabled(False)
    torch.set_autocast_cpu_dtype(torch.bfloat16)
    torch.set_autocast_gpu_dtype(torch.float16)
    torch.set_autocast_cache_enabled(True)
    count = _nesting(torch)
    for _ in range(abs(count)):
        (torch.autocast_decrement_nesting if count > 0 else torch.autocast_increment_nesting)()
    torch.clear_autocast_cache()


def run_case(torch, dispatch, source):
    """The lines `source` gives with `torch` as the module and `dispatch` its
    utils._python_dispatch (for the logging mode)."""
    lines = []

    def show(*values):
        lines.append(normalize(" ".join(repr(value) for value in values)))

    def attempt(function):
        try:
            show(function())
        except Exception as error:  # noqa: BLE001 (the case records every kind)
            lines.append(normalize(f"raised {type(error).__name__}: {error}"))

    class LoggingMode(dispatch.TorchDispatchMode):
        def __enter__(self):
            self.calls = []
            return super().__enter__()

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            result = func(*args, **(kwargs or {}))
            name = COMPOSITE_MATMUL.get(str(func), str(func))
            self.calls.append(f"{name}->{str(getattr(result, 'dtype', '-')).replace('torch.', '')}")
            return result

        def __exit__(self, *exc):
            lines.append("calls " + ", ".join(self.calls))
            return super().__exit__(*exc)

    def on_warning(message, category, filename, lineno, file=None, line=None):
        lines.append(normalize(f"warning {category.__name__}: {message}"))

    names = {"torch": torch, "show": show, "attempt": attempt, "state": lambda: _state(torch),
             "nesting": lambda: _nesting(torch), "logged": LoggingMode, "threading": threading}
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = on_warning
        try:
            exec(compile(source, "<case>", "exec"), names)
        except Exception as error:  # noqa: BLE001
            lines.append(normalize(f"raised {type(error).__name__}: {error}"))
    lines.append(f"after {_state(torch)} nesting={_nesting(torch)}")
    _reset(torch)
    return lines
