#!/usr/bin/python3
"""Record what PyTorch 1.13's torch._C says about its dispatcher's state, for
chapter 06's mini_torch._C to be held to (tests/test_dispatch_dumps.py).

Each scenario registers on fresh `test::` operators through 1.13's own
Python API (`_dispatch_library` and its `_DispatchModule`), then asks the
dispatcher about them: `_dispatch_dump`, `_dispatch_dump_table`, the
invariant checks, the registrations per key, the thread's key sets. Every
step's outcome is recorded, a registration's error text included. The
scenarios:

- combo: a `test::opN(Tensor x) -> Tensor` with a kernel on each key of a
  combination of the course's registration keys and alias keys (every
  combination of at most two, and each set of alias keys with a few backend
  sets), in the order given, then its dump, table and invariants;
- fallthrough fallbacks (`fallback_fallthrough`) on keys with and without one;
- def-only operators (each alias analysis kind, def_legacy), impl-only
  operators (dangling impls), inferred schemas (def_name_t_t), a Python
  kernel (impl), an overridden kernel (inactive), a library dropped again;
- the registration errors: a second def, an alias mismatch, a schema
  mismatch either way round, a second fallback, and torch::Library's refusals;
- the queries per key and the thread-local key sets;
- PythonDispatcher (torch/_python_dispatcher.py) with the course's keys in
  place of XLA and Lazy: its tables for the same combinations, and its refusals.

Writes one JSON file, with torch.__version__:

    /usr/bin/python3 maint/reference/gen_dispatch_dumps.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-dispatch-dumps.json

The steps and their outcomes are described in
chapters/06_backends/python/tests/dispatch_steps.py, which runs them.
"""

import itertools
import json
import os
import re
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
import torch._C as C  # noqa: E402
from torch._python_dispatcher import PythonDispatcher  # noqa: E402

# The step runner, shared with the test that replays the steps.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "chapters", "06_backends",
                                "python", "tests"))
import dispatch_steps  # noqa: E402

# The keys a learner registers on in the course (chapter 03's tool has the same).
BACKEND_KEYS = ["CPU", "CUDA", "Meta", "PrivateUse1", "FPGA"]
AUTOGRAD_KEYS = ["AutogradCPU", "AutogradCUDA", "AutogradMeta", "AutogradPrivateUse1", "AutogradOther"]
ALIAS_KEYS = ["Autograd", "CompositeImplicitAutograd", "CompositeExplicitAutograd"]
REGISTRATION_KEYS = BACKEND_KEYS + AUTOGRAD_KEYS + ALIAS_KEYS
# Every key the course has, for the per-key queries.
COURSE_KEYS = BACKEND_KEYS + AUTOGRAD_KEYS + [
    "BackendSelect", "Python", "ADInplaceOrView", "Tracer", "AutocastCPU", "AutocastCUDA", "Batched",
    "PythonTLSSnapshot"] + ALIAS_KEYS
# PythonDispatcher's example keys, the course's in place of XLA and Lazy
# (mini_torch._python_dispatcher.PythonDispatcher.runtime_keys).
PYTHON_DISPATCHER_RUNTIME_KEYS = [
    "CPU", "AutogradCPU",
    "FPGA", "AutogradOther",
    "PrivateUse1", "AutogradPrivateUse1",
    "Meta", "AutogradMeta",
]


def combinations():
    """The combo scenarios' key lists, each once, in a stable order."""
    seen = [[]] + [[key] for key in REGISTRATION_KEYS]
    # Pairs: those where a rule decides between the two (an alias key, the
    # shared AutogradOther, a backend and its own autograd key); two
    # unrelated backends fill two unrelated slots, nothing to learn.
    for first, second in itertools.combinations(REGISTRATION_KEYS, 2):
        related = (first in ALIAS_KEYS or second in ALIAS_KEYS or "AutogradOther" in (first, second)
                   or second == f"Autograd{first}")
        if related:
            seen.append([first, second])
    backend_sets = [[], ["CPU"], ["CPU", "AutogradCPU"], ["FPGA", "AutogradOther"],
                    ["PrivateUse1", "AutogradPrivateUse1"]]
    # Each set of alias keys, and both orders of the two composites: the
    # order of registration is where 1.13's tables can go stale.
    alias_sets = [list(aliases) for size in range(1, 4) for aliases in itertools.combinations(ALIAS_KEYS, size)]
    alias_sets.append(["CompositeExplicitAutograd", "CompositeImplicitAutograd"])
    for aliases, backends in itertools.product(alias_sets, backend_sets):
        keys = backends + aliases
        if keys not in seen and len(keys) > 2:
            seen.append(keys)
    return seen


class Counter:
    def __init__(self):
        self.value = 0

    def next(self):
        self.value += 1
        return f"op{self.value}"


def scenarios():
    """(name, steps) for every scenario, each on operators named afresh."""
    names = Counter()
    found = []

    def add(name, steps):
        found.append((name, steps))

    def op_queries(op):
        return [["query", "_dispatch_dump", [f"test::{op}"]], ["query", "_dispatch_dump_table", [f"test::{op}"]],
                ["query", "_dispatch_check_invariants", [f"test::{op}"]]]

    # Registration keys and alias keys, combined.
    for keys in combinations():
        op = names.next()
        steps = [["library", 0, "FRAGMENT", "test", "", 10], ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}]]
        steps += [["call", 0, "impl_t_t", [op], {"dispatch": key, "debug": f"fn_{key}"}] for key in keys]
        add("combo " + ("+".join(keys) or "(def only)"), steps + op_queries(op))

    # Fallthrough fallbacks, on a key without one and on one with one.
    for fallback_key in ["Meta", "PrivateUse1", "AutogradMeta", "AutogradPrivateUse1", "FPGA", "CUDA"]:
        for kernels in [[], ["CPU"], ["CompositeImplicitAutograd"], [fallback_key]]:
            op = names.next()
            steps = [["library", 0, "FRAGMENT", "test", "", 11],
                     ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}]]
            steps += [["call", 0, "impl_t_t", [op], {"dispatch": key, "debug": f"fn_{key}"}] for key in kernels]
            steps += [["library", 1, "IMPL", "_", fallback_key, 12], ["call", 1, "fallback_fallthrough", [], {}]]
            steps += op_queries(op)
            steps += [["query", "_dispatch_has_backend_fallback", [fallback_key]], ["drop", 1],
                      ["query", "_dispatch_dump_table", [f"test::{op}"]],
                      ["query", "_dispatch_has_backend_fallback", [fallback_key]]]
            add(f"fallthrough fallback on {fallback_key} with " + ("+".join(kernels) or "no kernel"), steps)
    op = names.next()
    add("fallthrough fallback given its key by the call", [
        ["library", 0, "FRAGMENT", "test", "", 13], ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}],
        ["library", 1, "IMPL", "_", "Meta", 14], ["call", 1, "fallback_fallthrough", [], {"dispatch": "Meta"}],
        *op_queries(op)])

    # Definitions: each alias analysis kind, a legacy def, inferred schemas.
    for alias in ["", "FROM_SCHEMA", "CONSERVATIVE", "PURE_FUNCTION"]:
        op = names.next()
        add(f"def only, alias '{alias}'", [["library", 0, "FRAGMENT", "test", "", 20],
                                           ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {"alias": alias}],
                                           *op_queries(op)])
    op = names.next()
    add("def_legacy", [["library", 0, "FRAGMENT", "test", "", 21],
                       ["call", 0, "def_legacy", [f"{op}(Tensor x) -> Tensor"], {}], *op_queries(op)])
    op = names.next()
    add("def with an overload and defaults", [
        ["library", 0, "FRAGMENT", "test", "", 22],
        ["call", 0, "def_", [f"{op}.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)"],
         {}],
        ["query", "_dispatch_dump", [f"test::{op}.out"]], ["query", "_dispatch_dump_table", [f"test::{op}.out"]],
        ["query", "_dispatch_dump", [f"test::{op}"]]])
    for dispatch in ["", "CPU", "CompositeExplicitAutograd"]:
        op = names.next()
        add(f"def_name_t_t dispatch '{dispatch}'", [
            ["library", 0, "FRAGMENT", "test", "", 23], ["call", 0, "def_name_t_t", [op], {"dispatch": dispatch}],
            *op_queries(op)])
        op = names.next()
        add(f"def_schema_t_t dispatch '{dispatch}'", [
            ["library", 0, "FRAGMENT", "test", "", 24],
            ["call", 0, "def_schema_t_t", [f"{op}(Tensor x) -> Tensor"],
             {"dispatch": dispatch, "alias": "PURE_FUNCTION"}],
            *op_queries(op)])
    op = names.next()
    add("def_name_t_t with its default debug, under a library's key", [
        ["library", 0, "FRAGMENT", "test", "", 25], ["call", 0, "def_name_t_t", [op], {}],
        ["library", 1, "IMPL", "test", "CUDA", 26], ["call", 1, "impl_t_t", [op], {}], *op_queries(op)])

    # Kernels: a Python one, an overridden one, impl_tt_t, a library dropped.
    op = names.next()
    add("a Python kernel", [["library", 0, "FRAGMENT", "test", "", 30],
                            ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}],
                            ["call", 0, "impl", [op, "CPU", "python"], {}], *op_queries(op)])
    op = names.next()
    add("an overridden kernel is inactive", [
        ["library", 0, "FRAGMENT", "test", "", 31], ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}],
        ["call", 0, "impl_t_t", [op], {"dispatch": "CPU", "debug": "first"}],
        ["call", 0, "impl_t_t", [op], {"dispatch": "CPU", "debug": "second"}],
        ["call", 0, "impl_t_t", [op], {"dispatch": "Autograd", "debug": "ag1"}],
        ["call", 0, "impl_t_t", [op], {"dispatch": "Autograd", "debug": "ag2"}], *op_queries(op)])
    op = names.next()
    add("impl_tt_t on a two-argument operator", [
        ["library", 0, "FRAGMENT", "test", "", 32], ["call", 0, "def_", [f"{op}(Tensor x, Tensor y) -> Tensor"], {}],
        ["call", 0, "impl_tt_t", [op], {"dispatch": "CPU"}],
        ["call", 0, "impl_tt_t", [op], {"dispatch": "CUDA", "debug": "fn_CUDA"}], *op_queries(op)])
    op = names.next()
    add("a library dropped takes its registrations", [
        ["library", 0, "FRAGMENT", "test", "", 33], ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}],
        ["library", 1, "IMPL", "test", "CPU", 34], ["call", 1, "impl_t_t", [op], {"debug": "fn_CPU"}],
        ["library", 2, "FRAGMENT", "test", "", 35],
        ["call", 2, "impl_t_t", [op], {"dispatch": "CompositeImplicitAutograd", "debug": "fn_CIA"}],
        *op_queries(op), ["drop", 1], *op_queries(op), ["drop", 0], *op_queries(op),
        ["query", "_dispatch_has_kernel", [f"test::{op}"]], ["drop", 2],
        ["query", "_dispatch_has_kernel", [f"test::{op}"]], ["query", "_dispatch_dump", [f"test::{op}"]]])

    # Impls without a def: dangling until the def comes.
    op = names.next()
    add("impl only: a dangling impl", [
        ["library", 0, "FRAGMENT", "test", "", 40], ["call", 0, "impl_t_t", [op], {"dispatch": "CUDA"}],
        ["call", 0, "impl_t_t", [op], {"dispatch": "AutogradCUDA", "debug": "ag"}], *op_queries(op),
        ["query", "_dispatch_find_dangling_impls", []],
        ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}], *op_queries(op),
        ["query", "_dispatch_find_dangling_impls", []]])
    op = names.next()
    add("impl only on an alias key", [
        ["library", 0, "FRAGMENT", "test", "", 41],
        ["call", 0, "impl_t_t", [op], {"dispatch": "CompositeExplicitAutograd"}], *op_queries(op)])

    # The registration errors.
    op = names.next()
    add("error: a second def", [
        ["library", 0, "FRAGMENT", "test", "", 50], ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}],
        ["library", 1, "FRAGMENT", "test", "", 51], ["call", 1, "def_", [f"{op}(Tensor x) -> Tensor"], {}],
        ["call", 1, "def_", [f"{op}(Tensor x, Tensor y) -> Tensor"], {}], *op_queries(op)])
    op = names.next()
    add("error: an alias mismatch", [
        ["library", 0, "FRAGMENT", "test", "", 52],
        ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {"alias": "PURE_FUNCTION"}],
        ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {"alias": "CONSERVATIVE"}], *op_queries(op)])
    op = names.next()
    add("error: a kernel that does not fit the schema", [
        ["library", 0, "FRAGMENT", "test", "", 53], ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}],
        ["call", 0, "impl_tt_t", [op], {"dispatch": "CPU"}], *op_queries(op)])
    op = names.next()
    add("error: a schema that does not fit the kernel", [
        ["library", 0, "FRAGMENT", "test", "", 54], ["call", 0, "impl_t_t", [op], {"dispatch": "CPU"}],
        ["call", 0, "def_", [f"{op}(Tensor x, Tensor y) -> Tensor"], {}], *op_queries(op),
        ["query", "_dispatch_find_dangling_impls", []]])
    op = names.next()
    add("error: a second fallback", [
        ["library", 0, "FRAGMENT", "test", "", 55], ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}],
        ["library", 1, "IMPL", "_", "Meta", 56], ["call", 1, "fallback_fallthrough", [], {}],
        ["library", 2, "IMPL", "_", "Meta", 57], ["call", 2, "fallback_fallthrough", [], {}],
        ["library", 3, "IMPL", "_", "AutogradCPU", 58], ["call", 3, "fallback_fallthrough", [], {}],
        ["library", 4, "IMPL", "_", "Autograd", 59], ["call", 4, "fallback_fallthrough", [], {}],
        *op_queries(op)])
    add("error: def in an IMPL library", [
        ["library", 0, "IMPL", "test", "CPU", 60], ["call", 0, "def_", [f"{names.next()}(Tensor x) -> Tensor"], {}]])
    add("error: fallback in a FRAGMENT library", [
        ["library", 0, "FRAGMENT", "test", "", 61], ["call", 0, "fallback_fallthrough", [], {"dispatch": "Meta"}]])
    add("error: a fallback for one namespace", [
        ["library", 0, "IMPL", "test", "Meta", 62], ["call", 0, "fallback_fallthrough", [], {}]])
    add("error: a def in another namespace", [
        ["library", 0, "FRAGMENT", "test", "", 63],
        ["call", 0, "def_", [f"other::{names.next()}(Tensor x) -> Tensor"], {}]])
    add("error: an impl in another namespace", [
        ["library", 0, "FRAGMENT", "test", "", 64],
        ["call", 0, "impl_t_t", [f"other::{names.next()}"], {"dispatch": "CPU"}]])
    op = names.next()
    add("error: a key that is not the library's", [
        ["library", 0, "FRAGMENT", "test", "", 65], ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}],
        ["library", 1, "IMPL", "test", "CPU", 66], ["call", 1, "impl_t_t", [op], {"dispatch": "CUDA"}],
        ["call", 1, "impl_t_t", [op], {"dispatch": "CPU"}], *op_queries(op)])
    add("error: an unknown key", [
        ["library", 0, "FRAGMENT", "test", "", 67], ["call", 0, "impl_t_t", [names.next()], {"dispatch": "NoSuchKey"}],
        ["library", 1, "IMPL", "test", "NoSuchKey", 68]])
    add("error: an unknown library kind", [["library", 0, "LIBRARY", "test", "", 69]])
    add("error: an unknown alias analysis kind", [
        ["library", 0, "FRAGMENT", "test", "", 70],
        ["call", 0, "def_", [f"{names.next()}(Tensor x) -> Tensor"], {"alias": "NO_SUCH_KIND"}]])
    add("error: a FRAGMENT for every namespace", [["library", 0, "FRAGMENT", "_", "", 71]])
    add("error: a second DEF library for a namespace", [
        ["library", 0, "DEF", "test_def", "", 72], ["library", 1, "DEF", "test_def", "", 73]])
    add("error: queries of an operator nobody registered", [
        ["query", "_dispatch_dump", ["test::nobody"]], ["query", "_dispatch_dump_table", ["test::nobody"]],
        ["query", "_dispatch_has_kernel", ["test::nobody"]], ["query", "_dispatch_check_invariants", ["test::nobody"]],
        ["query", "_dispatch_has_kernel_for_dispatch_key", ["test::nobody", "CPU"]]])

    # Queries per key.
    op = names.next()
    steps = [["library", 0, "FRAGMENT", "test", "", 80], ["call", 0, "def_", [f"{op}(Tensor x) -> Tensor"], {}]]
    steps += [["call", 0, "impl_t_t", [op], {"dispatch": key, "debug": f"fn_{key}"}]
              for key in ["CPU", "AutogradCUDA", "Autograd", "CompositeExplicitAutograd"]]
    steps += [["query", "_dispatch_has_kernel_for_dispatch_key", [f"test::{op}", key]] for key in COURSE_KEYS]
    steps += [["query", "_dispatch_has_computed_kernel_for_dispatch_key", [f"test::{op}", key]]
              for key in COURSE_KEYS if key not in ALIAS_KEYS]
    steps += [["query", "_dispatch_has_computed_kernel_for_dispatch_key", [f"test::{op}", "Autograd"]]]
    steps += [["query", "_dispatch_has_backend_fallback", [key]] for key in COURSE_KEYS if key not in ALIAS_KEYS]
    steps += [["query", "_dispatch_has_kernel", [f"test::{op}"]]]
    steps += [["query", "test_registrations", [key]] for key in ["", "CPU", "CUDA", "AutogradCUDA", "Autograd",
                                                                 "CompositeExplicitAutograd",
                                                                 "CompositeImplicitAutograd"]]
    steps += [["query", "test_printed_registrations", ["CPU"]], ["query", "_dispatch_check_all_invariants", []]]
    add("queries per key", steps)

    # The thread's key sets and tensors' key sets.
    steps = [["query", "_dispatch_tls_local_include_set", []], ["query", "_dispatch_tls_local_exclude_set", []]]
    for key in ["CPU", "AutogradCPU", "AutocastCPU", "ADInplaceOrView", "Python"]:
        steps += [["query", "_dispatch_tls_is_dispatch_key_excluded", [key]],
                  ["query", "_dispatch_tls_set_dispatch_key_excluded", [key, True]],
                  ["query", "_dispatch_tls_is_dispatch_key_excluded", [key]],
                  ["query", "_dispatch_tls_local_exclude_set", []],
                  ["query", "_dispatch_tls_set_dispatch_key_excluded", [key, False]],
                  ["query", "_dispatch_tls_is_dispatch_key_excluded", [key]]]
    steps += [["query", "_dispatch_tls_set_dispatch_key_excluded", ["AutocastCPU", True]],
              ["query", "_dispatch_tls_local_exclude_set", []]]
    steps += [["keys_of", tensor] for tensor in ["cpu", "grad", "meta"]]
    add("thread-local and tensor key sets", steps)

    # PythonDispatcher, with the course's keys.
    for keys in combinations():
        if "CompositeImplicitAutograd" in keys and "CompositeExplicitAutograd" in keys:
            continue
        if any(key not in PYTHON_DISPATCHER_RUNTIME_KEYS + ALIAS_KEYS for key in keys):
            continue
        steps = [["python_dispatcher", "register", [keys]], ["python_dispatcher", "registrations", []],
                 ["python_dispatcher", "dispatchTable", []]]
        if len(keys) == 1:  # the raw texts are the dumps the combos record; once per key is enough
            steps += [["python_dispatcher", "rawRegistrations", []], ["python_dispatcher", "rawDispatchTable", []]]
        add("PythonDispatcher " + ("+".join(keys) or "(nothing)"), steps)
    for keys in [["CPU", "CPU"], ["CompositeImplicitAutograd", "CompositeExplicitAutograd"], ["CUDA"], ["XLA"],
                 ["CPU", "Tracer"]]:
        add("PythonDispatcher refuses " + "+".join(keys),
            [["python_dispatcher", "register", [keys]], ["python_dispatcher", "dispatchTable", []]])
    add("PythonDispatcher keys", [["python_dispatcher", "keys", []]])
    # Chapter 06 part 8's example (python/demo/dispatch_state.py).
    add("PythonDispatcher CPU+FPGA+CompositeImplicitAutograd", [
        ["python_dispatcher", "register", [["CPU", "FPGA", "CompositeImplicitAutograd"]]],
        ["python_dispatcher", "registrations", []], ["python_dispatcher", "dispatchTable", []]])
    return found


class CourseKeysPythonDispatcher(PythonDispatcher):
    """1.13's PythonDispatcher with mini_torch's example keys."""
    runtime_keys = PYTHON_DISPATCHER_RUNTIME_KEYS
    supported_keys = runtime_keys + PythonDispatcher.alias_keys


def dispatch_key_names(records):
    """Every runtime key 1.13 prints a table line for, every key of a key set
    the records print, and the DispatchKey enum's names: the replay tells a
    key's line from others ("name:", "schema:") with it."""
    library = C._dispatch_library("FRAGMENT", "test", "", "/dev/null", 0)
    library.def_("every_key(Tensor x) -> Tensor")
    library.impl_t_t("every_key", dispatch="CompositeImplicitAutograd")
    table = C._dispatch_dump_table("test::every_key")
    del library
    names = {line.split(":")[0] for line in table.split("\n") if line}
    for record in records:
        for members in re.findall(r"DispatchKeySet\(([^)]*)\)", json.dumps(record["outcomes"])):
            names.update(key for key in members.split(", ") if key)
    return sorted(names | set(C.DispatchKey.__members__))


def compact_json(data):
    """JSON with one step or one outcome a line: a diff names the scenario's line that changed."""
    scenarios = []
    for record in data["scenarios"]:
        steps = ",\n    ".join(json.dumps(step) for step in record["steps"])
        outcomes = ",\n    ".join(json.dumps(outcome) for outcome in record["outcomes"])
        scenarios.append(f'  {{"name": {json.dumps(record["name"])},\n   "steps": [\n    {steps}],\n'
                         f'   "outcomes": [\n    {outcomes}]}}')
    head = ", ".join(f"{json.dumps(key)}: {json.dumps(value)}" for key, value in data.items() if key != "scenarios")
    return "{" + head + ', "scenarios": [\n' + ",\n".join(scenarios) + "]}"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    records = []
    for name, steps in scenarios():
        records.append({"name": name, "steps": steps,
                        "outcomes": dispatch_steps.run(steps, torch, CourseKeysPythonDispatcher)})
    data = {"torch": torch.__version__, "generator": "maint/reference/gen_dispatch_dumps.py",
            "dispatch_keys": dispatch_key_names(records), "scenarios": records}
    with open(sys.argv[1], "w") as out:
        out.write(compact_json(data) + "\n")
    print(f"{len(records)} scenarios, {sum(len(r['steps']) for r in records)} steps", file=sys.stderr)


if __name__ == "__main__":
    main()
