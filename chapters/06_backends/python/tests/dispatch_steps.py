"""The steps of a dispatcher scenario, run by whichever module is `torch`:
torch 1.13 when maint/reference/gen_dispatch_dumps.py records them, mini_torch
when test_dispatch_dumps.py replays them. One runner, so that the two sides
take the same steps and write their outcomes the same way.

A step is [what, ...]: ["library", slot, kind, ns, key, line],
["call", slot, method, args, kwargs] (a method of that library; the argument
"python" is a Python function), ["drop", slot], ["query", function, args] (a
function of torch._C, or one of the test_* helpers below), ["keys_of",
tensor] (_dispatch_keys of "cpu", "grad" or "meta"), ["python_dispatcher",
method, args]. Its outcome is {"value": ...} (text as a list of lines, a key
set as its repr) or {"error": type name, "lines": [...]}.
"""

import contextlib
import io
import os
import sys
import tempfile
import warnings

# The thread-local keys the scenarios exclude and include again.
TLS_KEYS = ["CPU", "AutogradCPU", "AutocastCPU", "ADInplaceOrView", "Python"]


def value_of(result):
    if isinstance(result, str):
        return result.split("\n")
    if isinstance(result, (list, tuple)):
        return [value_of(item) for item in result]
    if result is None or isinstance(result, bool):
        return result
    return repr(result)


def python_kernel(*args, **kwargs):
    raise AssertionError("never called: registered only to be shown")


def printed_by(function, args):
    """What `function(*args)` printed: through file descriptor 1, where 1.13's
    C++ std::cout writes, and through sys.stdout, where mini_torch's does."""
    sys.stdout.flush()
    saved = os.dup(1)
    python_side = io.StringIO()
    with tempfile.TemporaryFile() as captured:
        os.dup2(captured.fileno(), 1)
        try:
            with contextlib.redirect_stdout(python_side):
                function(*args)
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        captured.seek(0)
        return captured.read().decode() + python_side.getvalue()


def run_query(C, function, args):
    """torch._C.<function>(*args), or a helper that keeps to this file's
    operators and sorts them: the registry's order is a hash's in 1.13 and
    registration order in the course."""
    if function == "test_registrations":
        return sorted(name for name in C._dispatch_get_registrations_for_dispatch_key(*args)
                      if name.startswith("test::"))
    if function == "test_printed_registrations":
        text = printed_by(C._dispatch_print_registrations_for_dispatch_key, args)
        return sorted(line for line in text.split("\n") if line.startswith("test::"))
    if function == "_dispatch_find_dangling_impls":
        return [state for state in C._dispatch_find_dangling_impls() if "name: test::" in state]
    return getattr(C, function)(*args)


def run(steps, torch, python_dispatcher_class):
    """Each step's outcome, `torch` being torch or mini_torch; nothing stays
    registered or excluded afterwards."""
    C = torch._C
    tensors = {"cpu": lambda: torch.ones(2), "grad": lambda: torch.ones(2, requires_grad=True),
               "meta": lambda: torch.ones(2, device="meta")}
    libraries = {}
    dispatcher = None
    outcomes = []
    saved_exclude = {key: C._dispatch_tls_is_dispatch_key_excluded(key) for key in TLS_KEYS}
    for step in steps:
        try:
            what = step[0]
            result = None
            if what == "library":
                _, slot, kind, ns, key, line = step
                libraries[slot] = C._dispatch_library(kind, ns, key, "/dev/null", line)
            elif what == "call":
                _, slot, method, args, kwargs = step
                args = [python_kernel if arg == "python" else arg for arg in args]
                # An overriding kernel warns, in both: expected, not news.
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    returned = getattr(libraries[slot], method)(*args, **kwargs)
                # def_ returns the library: no reference may outlive its drop step.
                result = None if returned is libraries[slot] else returned
                del returned
            elif what == "drop":
                del libraries[step[1]]
            elif what == "query":
                result = run_query(C, step[1], step[2])
            elif what == "keys_of":
                result = C._dispatch_keys(tensors[step[1]]())
            elif what == "python_dispatcher":
                if dispatcher is None:
                    dispatcher = python_dispatcher_class()
                result = getattr(dispatcher, step[1])(*step[2])
            else:
                raise ValueError(f"unknown step {step}")
            outcomes.append({"value": value_of(result)})
        except Exception as error:  # noqa: BLE001 - every error is an outcome
            outcomes.append({"error": type(error).__name__, "lines": str(error).split("\n")})
    libraries.clear()
    del dispatcher
    for key, excluded in saved_exclude.items():
        C._dispatch_tls_set_dispatch_key_excluded(key, excluded)
    return outcomes
