"""Run Python programs as a PyTorch user writes them, and sort what they did.

A program is Python source that does `import torch` and prints what it
wants to check. Its outcome is what it printed (stdout) and the exception
that ended it, if any, as (type name, str(e)). The same code runs the
programs through torch 1.13 (maint/reference/gen_python_programs.py, the
recorder) and through mini_torch (test_python_programs.py): there `torch`
is mini_torch, and `import torch.x` imports mini_torch.x.

Each program runs in a process of its own, so that one program's crash (a
signal: SIGSEGV, a stack overflow) is that program's outcome and not the
death of the test, and so that no program sees what an earlier one left
(a Library registration, a mode, a grad mode). A server process imports the
module once and forks a child per program, which is as cheap as running
them in one process: the child runs the program, frees what it made (its
namespace, then a garbage collection, so that a graph that crashes when
freed crashes inside its own program), sends its outcome over a pipe and
ends with os._exit. The server reports a child that died by a signal or
ran past the time limit as a crash.

    python3 program_outcomes.py --serve MODULE [--timeout SECONDS]

reads a JSON list of sources on stdin and writes one JSON line per program.
"""

import difflib
import gc
import importlib
import importlib.abc
import importlib.util
import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections import Counter

DEFAULT_TIMEOUT_S = 30.0  # generous: the machine the tests run on may be loaded

# What the differential suites sort their programs into. The last three fail the test.
SAME = "same"
REFUSED = "refused clearly"
KNOWN = "deliberately different"
DIFFERENT_ERROR = "different error"
SILENT = "silently different"
CRASH = "crash"
# In the learner build: the program reached an exercise's stub ("exercise
# 06.1 is not done yet"), which says nothing about torch (the C++ parity
# suite counts these cases apart the same way).
EXERCISE = "reaches an unfinished exercise"
CATEGORIES = (SAME, REFUSED, KNOWN, EXERCISE, DIFFERENT_ERROR, SILENT, CRASH)
FAILING = (DIFFERENT_ERROR, SILENT, CRASH)
# A program listed as deliberately different that now behaves as torch's:
# the list is stale, and the test fails until the line goes.
STALE = "listed but the same"

# The words mini_torch says for a torch feature it does not have (part 8).
REFUSAL_TYPES = ("NotImplementedError", "AttributeError")
REFUSAL_WORDS = "is not in mini_torch"


def normalize(text):
    """What may differ between two correct runs: addresses, and the module's
    name (mini_torch.Tensor reads as torch.Tensor)."""
    text = re.sub(r"0x[0-9a-fA-F]+", "0x...", text)
    return text.replace("mini_torch", "torch")


class _TorchAlias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """`import torch.x` (or `from torch.x import y`) imports mini_torch.x,
    the very module mini_torch itself uses, not a second copy of its file."""

    def __init__(self, target):
        self.target = target

    def find_spec(self, fullname, path=None, target=None):
        if fullname.startswith("torch."):
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec):
        return importlib.import_module(self.target + spec.name[len("torch"):])

    def exec_module(self, module):
        pass


def _bind_torch(module_name):
    module = importlib.import_module(module_name)
    if module_name != "torch":
        sys.modules["torch"] = module
        sys.meta_path.insert(0, _TorchAlias(module_name))
    return module


def _run_in_child(source, write_fd):
    """The child's whole life: run, free, report, exit (no atexit, no
    flushing of buffers the server owns)."""
    out = io.StringIO()
    sys.stdout = out
    sys.stderr = io.StringIO()  # warnings are not part of the outcome
    exception = None
    namespace = {"__name__": "__main__", "__builtins__": __builtins__}
    try:
        exec(compile(source, "<program>", "exec"), namespace)  # noqa: S102 (the programs under test)
    except BaseException as error:  # noqa: B902 (SystemExit too: it ends the program)
        exception = [type(error).__name__, str(error)]
        del error
    # A graph that crashes when freed does so here, inside its own program.
    namespace.clear()
    gc.collect()
    payload = json.dumps({"stdout": out.getvalue(), "exception": exception}).encode()
    view = memoryview(payload)
    while view:
        written = os.write(write_fd, view)
        view = view[written:]
    os._exit(0)


def _signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _run_one(source, timeout_s):
    read_fd, write_fd = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            _run_in_child(source, write_fd)
        finally:
            os._exit(70)
    os.close(write_fd)
    chunks = []
    deadline = time.monotonic() + timeout_s
    timed_out = False
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            break
        ready, _, _ = select.select([read_fd], [], [], left)
        if ready:
            chunk = os.read(read_fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    os.close(read_fd)
    if timed_out:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if timed_out:
        return {"stdout": "", "exception": None, "crash": f"timed out after {timeout_s:g} s"}
    if os.WIFSIGNALED(status):
        return {"stdout": "", "exception": None, "crash": f"killed by {_signal_name(os.WTERMSIG(status))}"}
    if os.WEXITSTATUS(status) != 0 or not chunks:
        return {"stdout": "", "exception": None, "crash": f"exited with status {os.WEXITSTATUS(status)}"}
    outcome = json.loads(b"".join(chunks))
    outcome["crash"] = None
    return outcome


def serve(module_name, timeout_s):
    sources = json.load(sys.stdin)
    channel = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # what C code writes to stdout must not mix with the outcomes
    _bind_torch(module_name)
    # What the server holds stays out of the children's collections: they
    # would walk (and, copy-on-write, copy) every object of torch otherwise.
    gc.collect()
    gc.freeze()
    for index, source in enumerate(sources):
        outcome = _run_one(source, timeout_s)
        outcome["stdout"] = normalize(outcome["stdout"])
        if outcome["exception"]:
            outcome["exception"] = [outcome["exception"][0], normalize(outcome["exception"][1])]
        outcome["index"] = index
        channel.write(json.dumps(outcome) + "\n")
        channel.flush()


def run_programs(sources, module_name, timeout_s=DEFAULT_TIMEOUT_S, python=None):
    """The outcome of each source, in order: {"stdout", "exception",
    "crash"}, stdout and message normalized."""
    command = [python or sys.executable, os.path.abspath(__file__), "--serve", module_name,
               "--timeout", str(timeout_s)]
    result = subprocess.run(command, input=json.dumps(list(sources)), capture_output=True, text=True,
                            check=False)
    outcomes = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    if result.returncode != 0 or len(outcomes) != len(sources):
        raise RuntimeError(f"the program server for {module_name} failed (status {result.returncode}, "
                           f"{len(outcomes)} of {len(sources)} outcomes):\n{result.stderr[-4000:]}")
    return outcomes


def is_refusal(outcome):
    exception = outcome.get("exception")
    # normalize() made "is not in mini_torch" read "is not in torch".
    return bool(exception) and exception[0] in REFUSAL_TYPES and normalize(REFUSAL_WORDS) in exception[1]


def classify(expected, actual, known_reason=None):
    """The category of a program whose torch 1.13 outcome is `expected` and
    mini_torch's `actual`, with `known_reason` when the program is listed as
    deliberately different."""
    if actual.get("crash"):
        return CRASH
    if expected["stdout"] == actual["stdout"] and expected["exception"] == actual["exception"]:
        return SAME
    exception = actual.get("exception")
    if exception and re.fullmatch(r"exercise \S+ is not done yet", exception[1]):
        return EXERCISE
    if known_reason:
        return KNOWN
    if actual["exception"] is None:
        return SILENT
    # mini_torch raised: what it printed before must be what torch printed.
    if not expected["stdout"].startswith(actual["stdout"]):
        return SILENT
    if is_refusal(actual):
        return REFUSED
    return DIFFERENT_ERROR


def outcome_text(outcome):
    lines = outcome["stdout"].splitlines()
    if outcome.get("crash"):
        lines.append(f"<crash: {outcome['crash']}>")
    elif outcome["exception"]:
        lines.append(f"<raised {outcome['exception'][0]}: {outcome['exception'][1]}>")
    else:
        lines.append("<ended without an exception>")
    return lines


def diff(expected, actual):
    return "\n".join(difflib.unified_diff(outcome_text(expected), outcome_text(actual),
                                          "torch 1.13", "mini_torch", lineterm="", n=2))


# A line `* TypeError: reason` lists a kind of difference, not a program:
# every program where torch and mini_torch both raised that exception type
# after the same output, with other words. (The argument parser's wording
# is one: 1.13's lists every signature, and says SymInt and Number.)
KIND = "*"


def read_known_differences(path, names=None):
    """name: reason, one a line; `* ExceptionType: reason` for a kind; #
    starts a comment. With `names`, the records a suite has (a binding
    test's statements, which may hold a colon themselves), a line's name is
    the longest of them that it starts with before a colon, and a line that
    starts with none of them fails."""
    known = {}
    if not os.path.exists(path):
        return known
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if names is None:
                name, sep, reason = line.partition(":")
            else:
                name = max((n for n in names if line.startswith(n + ":")), key=len, default=None)
                if name is None:
                    raise ValueError(f"{path}:{number}: {line!r} names no record of the data: remove it, "
                                     "or write the record as the data does")
                sep, reason = ":", line[len(name) + 1:]
            if not sep or not reason.strip():
                raise ValueError(f"{path}:{number}: expected 'name: reason', got {line!r}")
            known[name.strip()] = reason.strip()
    return known


def known_reason(known, name, expected, actual):
    """Why the program's difference is deliberate, or None: listed by name,
    or of a listed kind (both raised the listed type after the same output)."""
    if name in known:
        return known[name]
    want, got = expected.get("exception"), actual.get("exception")
    if want and got and want[0] == got[0] and expected["stdout"] == actual["stdout"]:
        return known.get(f"{KIND} {want[0]}")
    return None


def report(title, programs, expected, actual, known, full=12):
    """The summary of one suite and the failures: `programs` is [(name,
    source)], `expected` and `actual` their outcomes in the same order.
    Returns (counts, text)."""
    counts = {category: 0 for category in CATEGORIES}
    failures = []
    stale = []
    for (name, source), want, got in zip(programs, expected, actual):
        category = classify(want, got, known_reason(known, name, want, got))
        counts[category] += 1
        if category in FAILING:
            failures.append((category, name, source, want, got))
        if category == SAME and name in known:
            stale.append(name)
    counts[STALE] = len(stale)
    lines = [f"{title}: {len(programs)} programs"]
    lines += [f"  {category:24} {counts[category]}" for category in CATEGORIES]
    if stale:
        lines.append(f"  listed as deliberately different but now the same (remove them from the list): "
                     f"{', '.join(stale)}")
    for category in FAILING:
        named = [failure[1] for failure in failures if failure[0] == category]
        if named:
            families = Counter(family(name) for name in named)
            if len(families) < len(named):
                lines.append(f"  {category}, by family: "
                             + ", ".join(f"{name} {count}" for name, count in families.most_common()))
            lines.append(f"  {category}: {', '.join(named)}")
    # In full: the first failure of each category and family, the worst
    # categories first (crash, silent, different error), then the next ones.
    failures.sort(key=lambda failure: -FAILING.index(failure[0]))
    seen = set()
    firsts = [failure for failure in failures
              if (failure[0], family(failure[1])) not in seen and not seen.add((failure[0], family(failure[1])))]
    shown = (firsts + [failure for failure in failures if failure not in firsts])[:full]
    for category, name, source, want, got in shown:
        lines += ["", f"--- {category}: {name}", source.rstrip(), diff(want, got)]
    if len(failures) > full:
        lines.append(f"\n(the {len(failures) - full} other failures above by name only)")
    return counts, "\n".join(lines)


def family(name):
    """binary_add-1a2b3c4d5e is of the family binary_add; a user program is its own."""
    return name.rsplit("-", 1)[0]


def main():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--serve", metavar="MODULE", required=True)
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S)
    args = parser.parse_args()
    serve(args.serve, args.timeout)


if __name__ == "__main__":
    main()
