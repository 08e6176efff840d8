#!/usr/bin/env python3
"""Writes docs/performance.md from the Google Benchmark JSON that
tools/run-bench collected: the machine, every figure, every ratio to libtorch
with its target and MET or MISSED, the per-chapter costs the lessons quote,
and the notes on each miss (bench/misses.md, written by hand after a profile).

    bench_report.py --out docs/performance.md --machine machine.json [--gpu GPU.json [--gpu-recorded]]
                    RESULT.json...

    bench_report.py --out docs/performance.md --only profiles
    bench_report.py --check-profiles docs/performance.md

--gpu is bench_cuda's output (chapter 06 on a GPU). With --gpu-recorded it
is the recording committed as bench/gpu-results.json, made on a GPU machine
by tools/run-bench there, and the page says so: this run's machine has none.

The page ends with bench/profiles.md, the instruction counts (callgrind) of
calls whose targets are met, which the misses' notes do not cover: `--only
profiles` rewrites that section of an existing page alone (no benchmark run
needed), and `--check-profiles` fails when the page's section is not what
bench/profiles.md says (ctest: course.bench_profiles_on_page).

Every benchmark ran with repetitions; a figure is the fastest repetition
(minimum time, maximum rate): noise from other processes only ever adds time.
Single-threaded benchmarks are timed in CPU time, multi-threaded ones
(`/real_time` in their name) in wall-clock time.
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NS_PER_UNIT = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
LIBTORCH_ABSENT = "skipped: libtorch-dev not installed"


# --- reading the results -----------------------------------------------------

class Results:
    """The best repetition of each benchmark, by name ("noop/ours/callBoxed")."""

    def __init__(self, paths):
        self.time_ns = {}
        self.counters = {}
        self.contexts = []
        for path in paths:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
            self.contexts.append(data.get("context", {}))
            for run in data.get("benchmarks", []):
                if run.get("run_type") != "iteration" or run.get("error_occurred"):
                    continue
                self._add(run)

    def _add(self, run):
        name = run["run_name"]
        # Multi-threaded benchmarks are timed by the wall clock; the GPU's by
        # CUDA events, which Google Benchmark reports as real time too.
        real_time = name.endswith(("/real_time", "/manual_time"))
        name = re.sub(r"/iterations:\d+$", "", name.removesuffix("/real_time").removesuffix("/manual_time"))
        scale = NS_PER_UNIT[run.get("time_unit", "ns")]
        seconds = run["real_time" if real_time else "cpu_time"] * scale
        self.time_ns[name] = min(self.time_ns.get(name, seconds), seconds)
        known = self.counters.setdefault(name, {})
        for key, value in run.items():
            if key in ("bytes_per_second", "GFLOP/s") or key.startswith(("sizeof_", "bytes_per", "dispatch_")):
                known[key] = max(known.get(key, value), value)

    def time(self, name):
        return self.time_ns.get(name)

    def counter(self, name, key):
        return self.counters.get(name, {}).get(key)


# --- formatting --------------------------------------------------------------

def ns(value):
    if value is None:
        return "n/a"
    if value >= 1e6:
        return f"{value / 1e6:.2f} ms"
    if value >= 1e3:
        return f"{value / 1e3:.2f} us"
    return f"{value:.1f} ns"


def rate(value, unit):
    return "n/a" if value is None else f"{value / 1e9:.2f} {unit}"


def ratio(value):
    return "n/a" if value is None else f"{value:.2f}"


def divide(a, b):
    return None if a is None or b is None or b == 0 else a / b


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


# --- the targets -------------------------------------------------------------

class Target:
    """One of the issue's targets: a measured value against a bound."""

    def __init__(self, key, what, value, bound, higher_is_better, unit="", needs_libtorch=True):
        self.key, self.what, self.value, self.bound = key, what, value, bound
        self.higher_is_better, self.unit, self.needs_libtorch = higher_is_better, unit, needs_libtorch

    def bound_text(self):
        return f"{'>=' if self.higher_is_better else '<='} {self.bound:g}{self.unit}"

    def status(self, have_libtorch):
        if self.needs_libtorch and not have_libtorch:
            return LIBTORCH_ABSENT
        if self.value is None:
            return "not measured"
        met = self.value >= self.bound if self.higher_is_better else self.value <= self.bound
        return "MET" if met else "MISSED"

    def miss_text(self):
        """By how much a missed target is missed, in its own terms."""
        if self.higher_is_better:
            return f"{self.value:.3f}{self.unit}, {self.bound / self.value:.3f}x short of {self.bound:g}{self.unit}"
        return f"{self.value:.3f}{self.unit}, {self.value / self.bound:.3f}x the bound {self.bound:g}{self.unit}"


def targets(r):
    ours, lt = "ours", "libtorch"

    def vs(name_ours, name_lt):
        return divide(r.time(name_ours), r.time(name_lt))

    def rate_of(name, key="bytes_per_second"):
        return r.counter(name, key)

    def over_direct_call(name):
        """What a no-op call costs above calling its kernel directly, in ns."""
        call, direct = r.time(name), r.time("noop/ours/direct_call")
        return None if call is None or direct is None else call - direct

    overhead = over_direct_call("noop/ours/typed_call")
    torch_fn_overhead = over_direct_call("noop/ours/typed_call_torch_fn")
    trace_cost, explain_cost = gate_costs(r)
    return [
        Target("noop_typed", "no-op typed call, ours / libtorch",
               vs(f"noop/{ours}/typed_call", f"noop/{lt}/typed_call"), 1.0, False),
        Target("noop_overhead", "no-op typed call minus the direct call (ours)", overhead, 5, False, " ns",
               needs_libtorch=False),
        Target("noop_torch_fn_overhead", "no-op typed call to a TORCH_FN kernel minus the direct call (ours)",
               torch_fn_overhead, 5, False, " ns", needs_libtorch=False),
        Target("noop_typed_torch_fn", "no-op typed call to a TORCH_FN kernel, ours / libtorch",
               vs(f"noop/{ours}/typed_call_torch_fn", f"noop/{lt}/typed_call_torch_fn"), 1.0, False),
        Target("call_boxed", "callBoxed, ours / libtorch", vs(f"noop/{ours}/callBoxed", f"noop/{lt}/callBoxed"), 1.0,
               False),
        Target("add1", "add, 1 element, ours / libtorch", vs(f"add1/{ours}", f"add1/{lt}"), 0.5, False),
        Target("add1_grad", "add, 1 element, requires_grad, ours / libtorch",
               vs(f"add1/{ours}/requires_grad", f"add1/{lt}/requires_grad"), 0.5, False),
        Target("add16_libtorch", "add_out 16 Mi, 1 thread, ours / libtorch",
               vs(f"add_out/{ours}/1_thread/16Mi", f"add_out/{lt}/1_thread/16Mi"), 1.1, False),
        Target("add16_copy", "add_out 16 Mi, 1 thread, ours / memcpy bandwidth",
               divide(rate_of(f"add_out/{ours}/1_thread/16Mi"), rate_of("copy/memcpy/16Mi")), 0.8, True,
               needs_libtorch=False),
        Target("matmul1024", "matmul 1024, 1 thread, ours / libtorch GFLOP/s",
               divide(rate_of(f"matmul/{ours}/1_thread/1024", "GFLOP/s"),
                      rate_of(f"matmul/{lt}/1_thread/1024", "GFLOP/s")),
               0.5, True),
        Target("trace_off", "MINI_DISPATCH_TRACE compiled in but off", trace_cost, 1, False, " ns",
               needs_libtorch=False),
        Target("explain_off", "MINI_DISPATCH_EXPLAIN compiled in but off", explain_cost, 1, False, " ns",
               needs_libtorch=False),
    ]


def gate_costs(r):
    """What the trace's scope, and the scope with the explanation compiled in
    (as Dispatcher::call has it), add to a call when both are off: each less
    the same call without a scope (bench/ch06_trace_bench.cpp)."""
    without = r.time("trace/call_without_trace_check")

    def less(name):
        return None if without is None or r.time(name) is None else r.time(name) - without

    return less("trace/call_with_trace_check"), less("explain/call_with_shared_gate")


# --- the sections ------------------------------------------------------------

def side_by_side(r, have_libtorch, names, label_of):
    rows = []
    for name in names:
        mine, theirs = r.time(name.format(who="ours")), r.time(name.format(who="libtorch"))
        rows.append([label_of(name), ns(mine), ns(theirs) if have_libtorch else LIBTORCH_ABSENT,
                     ratio(divide(mine, theirs)) if have_libtorch else "-"])
    return table(["call", "ours", "libtorch", "ours / libtorch"], rows)


def noop_section(r, have_libtorch):
    names = ["noop/{who}/direct_call", "noop/{who}/typed_call", "noop/{who}/typed_call_torch_fn",
             "noop/{who}/typed_call_requires_grad", "noop/{who}/unboxed_call_to_boxed_kernel", "noop/{who}/callBoxed"]
    labels = {
        "noop/{who}/direct_call": "the kernel called directly (the floor)",
        "noop/{who}/typed_call": "typed handle `op.call(x)`, kernel registered as `&noop`",
        "noop/{who}/typed_call_torch_fn": "the same, kernel registered as `TORCH_FN`",
        "noop/{who}/typed_call_requires_grad": "typed handle, `x` requires grad",
        "noop/{who}/unboxed_call_to_boxed_kernel": "typed call reaching a boxed kernel",
        "noop/{who}/callBoxed": "`callBoxed` (push, call, result on the stack)",
    }
    return ("## The no-op operator\n\n"
            "`minibench::noop(Tensor x) -> Tensor`, whose CPU kernel returns `x`: what is left is the\n"
            "dispatcher. Both sides register the same operator the same way (bench/ch06_backends_bench.cpp,\n"
            "bench/libtorch_bench.cpp).\n\n" + side_by_side(r, have_libtorch, names, labels.get) + "\n")


def add1_section(r, have_libtorch):
    names = ["add1/{who}", "add1/{who}/requires_grad"]
    labels = {"add1/{who}": "`add(a, b)`", "add1/{who}/requires_grad": "`add(a, b)`, `a` requires grad"}
    return ("## add of two 1-element tensors\n\n"
            "End to end: dispatch through every key, the output's allocation, the kernel, and with\n"
            "requires_grad the graph node.\n\n" + side_by_side(r, have_libtorch, names, labels.get) + "\n")


def bandwidth_section(r, have_libtorch):
    rows = []
    for size in ("1Mi", "16Mi"):
        copy = r.counter(f"copy/memcpy/{size}", "bytes_per_second")
        for threads in ("1_thread", "all_threads"):
            mine = r.counter(f"add_out/ours/{threads}/{size}", "bytes_per_second")
            theirs = r.counter(f"add_out/libtorch/{threads}/{size}", "bytes_per_second")
            rows.append([size, threads.replace("_", " "), rate(mine, "GB/s"),
                         rate(theirs, "GB/s") if have_libtorch else LIBTORCH_ABSENT,
                         ratio(divide(theirs, mine)) if have_libtorch else "-",
                         rate(copy, "GB/s"), f"{100 * divide(mine, copy):.0f}%" if divide(mine, copy) else "n/a"])
    return ("## add into an out tensor: bandwidth\n\n"
            "`add_out(out, a, b)` on float32 tensors of 1 Mi and 16 Mi elements, counted as 12 bytes per\n"
            "element (two reads, one write), next to `memcpy` of the same size counted as 8 (one read, one\n"
            "write), measured in the same run. The time ratio is ours / libtorch.\n\n"
            + table(["elements", "threads", "ours", "libtorch", "ours / libtorch (time)", "memcpy", "ours / memcpy"],
                    rows) + "\n")


def matmul_section(r, have_libtorch):
    rows = []
    for n in (256, 512, 1024):
        mine = r.counter(f"matmul/ours/1_thread/{n}", "GFLOP/s")
        theirs = r.counter(f"matmul/libtorch/1_thread/{n}", "GFLOP/s")
        rows.append([n, rate(mine, "GFLOP/s"), rate(theirs, "GFLOP/s") if have_libtorch else LIBTORCH_ABSENT,
                     ratio(divide(mine, theirs)) if have_libtorch else "-"])
    return ("## 2-D matmul, one thread\n\n"
            "n x n by n x n float32, 2 n^3 operations per call.\n\n"
            + table(["n", "ours", "libtorch", "ours / libtorch (rate)"], rows) + "\n")


AUTOCAST_HEADING = "## Autocast: matmul at 1024 on the CPU"


def autocast_section(r, note=""):
    """bench/ch06_autocast_bench.cpp: the same 1024 x 1024 float32 matmul,
    plain and under a CPU autocast guard (chapter 06, section 14)."""
    plain = r.time("matmul/ours/1_thread/1024")
    cast = r.time("autocast/matmul/autocast_cpu/1_thread/1024")
    rows = [["float32", ns(plain), rate(r.counter("matmul/ours/1_thread/1024", "GFLOP/s"), "GFLOP/s")],
            ["under `AutocastGuard(DeviceType::CPU)` (bfloat16)", ns(cast),
             rate(r.counter("autocast/matmul/autocast_cpu/1_thread/1024", "GFLOP/s"), "GFLOP/s")],
            ["autocast / float32 (time)", ratio(divide(cast, plain)), "-"]]
    return (AUTOCAST_HEADING + "\n\n" + (note + "\n\n" if note else "") +
            "One thread, n = 1024. Under the guard, matmul's autocast kernel casts both float32 operands to\n"
            "bfloat16 and the CPU kernel multiplies in bfloat16, rounding its running sum after every step as\n"
            "1.13's portable gemm loop does: float arithmetic, vectorised, with two roundings to bfloat16 per\n"
            "multiply-add (the product, then the sum) and no bfloat16 instructions. (A transposed right side\n"
            "sums in float, as 1.13's gemm_transa_ does; this benchmark's operands are contiguous.) It is\n"
            "slower than the blocked float32 loop; what\n"
            "autocast buys here is half the memory per operand. (libtorch 1.13 hands a bfloat16 matmul to\n"
            "oneDNN only where the CPU has AVX512 (BW, VL and DQ), and runs the portable loop elsewhere;\n"
            "this chapter's loop never uses oneDNN.)\n\n"
            + table(["matmul 1024 x 1024", "time", "rate"], rows) + "\n")


TRAIN_HEADING = "## A training step (chapter 06, part 10)"


def train_section(r, note=""):
    """bench/train_step_bench.py: one step of part 10's training script,
    through mini_torch (this build, Release) and through torch 1.13, in the
    same run."""
    ours, torch = r.time("train_step/ours"), r.time("train_step/libtorch")
    if ours is None:
        return (TRAIN_HEADING + "\n\nNot measured in this run: bench/train_step_bench.py needs a python3 with "
                "numpy and scikit-learn\n(tools/install-deps installs them for /usr/bin/python3).\n")
    rows = [["time per step", ns(ours), ns(torch), ratio(divide(ours, torch))]]
    return (TRAIN_HEADING + "\n\n" + (note + "\n\n" if note else "")
            + "One step of `python/examples/train_digits.py`: a batch of 64 digits through two matmuls, relu,\n"
            "log_softmax and nll_loss, backward, the SGD update of the four weights, and `loss.item()`\n"
            "(bench/train_step_bench.py: the fastest of 3 repetitions of 200 steps, after 10 not timed). The\n"
            "course's column is mini_torch built by this run (Release); torch 1.13's is Debian's\n"
            "`python3-torch`, held to one thread as the course's kernels are. Part 10 says where the time\n"
            "goes.\n\n"
            + table(["what", "ours (mini_torch)", "torch 1.13", "ours / torch"], rows) + "\n")


def update_one_section(path, results, machine, only, heading, make_section):
    """Rewrites, in the page at `path`, only the section under `heading`
    (or adds it before the trace's), saying that it comes from a later run
    than the rest of the page: `tools/run-bench --only <only>`."""
    with open(path, encoding="utf-8") as handle:
        page = handle.read()
    load = next((context["load_avg"] for context in results.contexts if context.get("load_avg")), None)
    note = (f"Measured on {machine['date']} by `tools/run-bench --only {only}`, in a later run than the rest\n"
            f"of this page: {machine['cpu']}, {machine['compiler']}, `{machine['flags']}`, load average\n"
            f"{'n/a' if not load else ', '.join(f'{x:.2f}' for x in load)} when it started.")
    section = make_section(results, note) + "\n"
    start = re.search("^" + re.escape(heading) + "$", page, re.M)
    if start:
        end = re.search(r"^## ", page[start.end():], re.M)
        page = page[:start.start()] + section + page[start.end() + end.start():]
    else:
        before = re.search(r"^## MINI_DISPATCH_TRACE", page, re.M)
        page = page[:before.start()] + section + page[before.start():]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(page)


CHAPTERS = [
    ("01", "chapter/01_table_lookup", None, "a per-operator table indexed by the argument's key "
                                            "(its kernel adds two Numbers)"),
    ("02", "chapter/02_key_set_table", None, "a table per operator indexed by the call's key set"),
    ("03", "chapter/03_key_set_dispatch", None, "full key-set dispatch: the arguments' keys, thread-local sets, "
                                                "fallthrough mask, slot"),
    ("04", "chapter/04_boxing_ready_dispatch", "chapter/04_boxing_ready_dispatch/callBoxed",
     "the same, with a boxed entry in every KernelFunction"),
    ("05", "chapter/05_autograd_keys", "chapter/05_autograd_keys/callBoxed",
     "tensors carry AutogradCPU, masked by its fallthrough"),
    ("06", "chapter/06_final", "noop/ours/callBoxed", "the final dispatcher: devices, dtypes, trace and depth guard"),
]


def chapter_section(r, have_libtorch):
    libtorch_typed = r.time("noop/libtorch/typed_call") if have_libtorch else None
    rows, blocks = [], []
    previous = None
    for number, typed, boxed, what in CHAPTERS:
        cost = r.time(typed)
        step = "-" if previous is None or cost is None else f"{cost - previous:+.1f} ns"
        rows.append([number, what, ns(cost), step, ns(r.time(boxed)) if boxed else "-"])
        previous = cost if cost is not None else previous
        call = ("a call of `add` on two Numbers through the table" if number == "01" else
                "a call of the no-op operator through its typed handle")
        sentence = (f"Measured by `tools/run-bench` (docs/performance.md): in chapter {number}'s dispatcher "
                    f"{call} costs **{ns(cost)}**")
        if boxed:
            sentence += f", and through `callBoxed` **{ns(r.time(boxed))}**"
        if libtorch_typed is not None:
            sentence += f"; libtorch 1.13's typed call, in the same run, {ns(libtorch_typed)}"
        blocks.append(f"<!-- [chapter_{number}_cost] -->\n{sentence}.\n<!-- [chapter_{number}_cost] -->")
    return ("<a id=\"performance-chapters\"></a>\n## What each chapter's dispatcher costs\n\n"
            "The same no-op call in each chapter's snapshot, all linked into one program (each chapter\n"
            "has its own inline namespace and Dispatcher). \"Step\" is the change from the chapter before.\n\n"
            + table(["chapter", "what the call does", "typed call", "step", "callBoxed"], rows)
            + "\n\nThe lessons quote these sentences (the marked blocks; `maint/refresh-lessons` copies them):\n\n"
            + "\n\n".join(blocks) + "\n")


def trace_section(r, note=""):
    trace_cost, explain_cost = gate_costs(r)

    def scope(name):
        alone, empty = r.time(name), r.time("trace/empty_loop")
        return "n/a" if alone is None or empty is None else f"{alone - empty:.2f} ns"

    def difference(value):
        return "n/a" if value is None else f"{value:.2f} ns"

    sentence = ("Measured by `tools/run-bench` (docs/performance.md): with `MINI_DISPATCH_TRACE` and "
                f"`MINI_DISPATCH_EXPLAIN` both off, their shared gate adds **{difference(explain_cost)}** to "
                f"a call (a scope that only traces, measured the same way: {difference(trace_cost)}).")
    return (TRACE_HEADING + "\n\n" + (note + "\n\n" if note else "") +
            "The dispatcher is not edited to measure this. bench/ch06_trace_bench.cpp makes the call the way\n"
            "`Dispatcher::call` does, line for line, three times: with its `DispatchTraceScope` line as it is\n"
            "(the explanation compiled in behind the gate both settings share), with a scope that only\n"
            "traces (the trace before the explanation existed), and without the line. Each difference from\n"
            "the call without it is that feature's cost on the call path. A scope constructed and destroyed\n"
            "alone, less an empty loop, is a second estimate (a relaxed load of the gate and two branches\n"
            "that always go the same way).\n\n"
            + table(["measurement", "time"], [
                ["call with the shared gate, explanation compiled in", ns(r.time("explain/call_with_shared_gate"))],
                ["call with the trace's scope only", ns(r.time("trace/call_with_trace_check"))],
                ["call without a scope", ns(r.time("trace/call_without_trace_check"))],
                ["difference: the explanation's and the trace's cost", difference(explain_cost)],
                ["difference: the trace's cost alone", difference(trace_cost)],
                ["the scope with an explanation, alone, less the empty loop", scope("explain/scope_alone")],
                ["the trace's scope alone, less the empty loop", scope("trace/scope_alone")],
            ])
            + "\n\nThe lessons quote this sentence:\n\n"
            + f"<!-- [dispatch_gate_cost] -->\n{sentence}\n<!-- [dispatch_gate_cost] -->\n")


TRACE_HEADING = "## MINI_DISPATCH_TRACE and MINI_DISPATCH_EXPLAIN compiled in but off"
TRACE_TARGETS = ("trace_off", "explain_off")


def update_trace_only(path, results, machine):
    """Rewrites, in the page at `path`, only what the trace benchmarks give:
    their two target rows and their section, which then says that it comes
    from a later run than the rest of the page. For `tools/run-bench --only
    trace`, on a machine shared with other work where a full run would
    disturb (and be disturbed by) it."""
    with open(path, encoding="utf-8") as handle:
        page = handle.read()
    rows = {target.key: target for target in targets(results) if target.key in TRACE_TARGETS}
    lines = page.split("\n")
    for key in TRACE_TARGETS:
        target = rows[key]
        row = (f"| {target.what} | {'n/a' if target.value is None else f'{target.value:.3f}{target.unit}'} | "
               f"{target.bound_text()} | {target.status(True)} |")
        found = [i for i, line in enumerate(lines) if line.startswith(f"| {target.what} |")]
        if found:
            lines[found[0]] = row
        else:  # a new row goes after the trace's
            after = [i for i, line in enumerate(lines) if line.startswith("| MINI_DISPATCH_TRACE compiled in")]
            lines.insert(after[0] + 1, row)
    page = "\n".join(lines)
    start = re.search(r"^## MINI_DISPATCH_TRACE (and MINI_DISPATCH_EXPLAIN )?compiled in but off$", page, re.M)
    end = re.search(r"^## ", page[start.end():], re.M)
    load = next((context["load_avg"] for context in results.contexts if context.get("load_avg")), None)
    note = (f"Measured on {machine['date']} by `tools/run-bench --only trace`, in a later run than the rest of\n"
            f"this page: {machine['cpu']}, {machine['compiler']}, `{machine['flags']}`, load average\n"
            f"{'n/a' if not load else ', '.join(f'{x:.2f}' for x in load)} when it started.")
    page = page[:start.start()] + trace_section(results, note) + "\n" + page[start.end() + end.start():]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(page)
    return list(rows.values())


def memory_section(r, have_libtorch):
    ours, theirs = "memory/ours/per_operator/1000", "memory/libtorch/sizes"

    def size(name, key):
        value = r.counter(name, key)
        return "n/a" if value is None else f"{value:.0f}"

    slots = r.counter(ours, "dispatch_table_slots")
    kernel = r.counter(ours, "sizeof_KernelFunction")
    table_bytes = None if slots is None or kernel is None else slots * kernel
    rows = [
        ["sizeof(IValue)", size(ours, "sizeof_IValue"), size(theirs, "sizeof_IValue") if have_libtorch else "-"],
        ["sizeof(KernelFunction): one dispatch-table slot", size(ours, "sizeof_KernelFunction"),
         size(theirs, "sizeof_KernelFunction") if have_libtorch else "-"],
        ["dispatch-table slots per operator", size(ours, "dispatch_table_slots"),
         size(theirs, "dispatch_table_slots") if have_libtorch else "-"],
        ["the table: slots x slot size", "n/a" if table_bytes is None else f"{table_bytes:.0f}", "-"],
        ["sizeof(OperatorEntry)", size(ours, "sizeof_OperatorEntry"),
         size(theirs, "sizeof_OperatorEntry") if have_libtorch else "-"],
        ["heap per operator (def + CPU kernel), measured", size(ours, "bytes_per_operator"), "-"],
    ]
    return ("## Memory\n\n"
            "`static_assert`s hold the sizes in the code: `sizeof(IValue) == 16` (chapters 04-06, ivalue.h)\n"
            "and `sizeof(KernelFunction)`, the dispatch-table slot (chapters 03-06, kernel_function.h). The\n"
            "heap per operator is measured by bench/ch06_memory_bench.cpp: a counting `operator new` in a\n"
            "program of its own, around registering 1000 operators (a def and a CPU kernel each) through\n"
            "`Library`; it includes the operator's entry, its dispatch table, schema, names and the\n"
            "registration handles. Bytes.\n\n"
            + table(["what", "ours (chapter 06)", "libtorch 1.13"], rows) + "\n")


def targets_section(all_targets, have_libtorch):
    rows = [[t.what, "n/a" if t.value is None else f"{t.value:.3f}{t.unit}", t.bound_text(), t.status(have_libtorch)]
            for t in all_targets]
    return ("## Targets\n\n"
            "Ratios are our time over libtorch's in the same run (lower is better) unless the row says rate.\n\n"
            + table(["target", "measured", "bound", "result"], rows) + "\n")


def read_notes():
    """bench/misses.md: `### key` headings, each followed by the explanation of that miss."""
    path = os.path.join(ROOT, "bench", "misses.md")
    notes = {}
    if not os.path.exists(path):
        return notes
    key = None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            heading = re.match(r"^### (\w+)\s*$", line)
            if heading:
                key = heading.group(1)
                notes[key] = []
            elif key is not None:
                notes[key].append(line)
    return {key: "".join(lines).strip() for key, lines in notes.items()}


PROFILES_HEADING = "## Profiles"


def profiles_section():
    """bench/profiles.md, under its own heading whatever the run measured:
    where the instructions of a call go, written by hand after a profile."""
    path = os.path.join(ROOT, "bench", "profiles.md")
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    # The file's first paragraph says how to write it; the page starts at its first heading.
    start = re.search(r"^### ", text, re.M)
    return PROFILES_HEADING + "\n\n" + (text[start.start():] if start else text).strip() + "\n"


def replace_profiles(page):
    """`page` with its Profiles section (the last section) as bench/profiles.md has it now."""
    section = profiles_section()
    start = re.search("^" + re.escape(PROFILES_HEADING) + "$", page, re.M)
    if start:
        end = re.search(r"^## ", page[start.end():], re.M)
        rest = page[start.end() + end.start():] if end else ""
        return page[:start.start()] + section + ("\n" + rest if rest else "")
    return page.rstrip("\n") + "\n\n" + section


def misses_section(all_targets, have_libtorch):
    notes = read_notes()
    parts = ["## Misses\n"]
    missed = [t for t in all_targets if t.status(have_libtorch) == "MISSED"]
    if not missed:
        parts.append("Every target measured in this run was met.\n")
    for target in missed:
        parts.append(f"### {target.what}: {target.miss_text()}\n")
        parts.append(notes.get(target.key, "No explanation written yet: profile it and add one to bench/misses.md.")
                     + "\n")
    return "\n".join(parts)


def machine_section(machine, results):
    context = results.contexts[0] if results.contexts else {}
    load = context.get("load_avg")
    rows = [
        ["date", machine.get("date", "n/a")],
        ["CPU", machine.get("cpu", "n/a")],
        ["cores (hardware threads)", machine.get("cores", "n/a")],
        ["memory", machine.get("memory", "n/a")],
        ["compiler", machine.get("compiler", "n/a")],
        ["flags", machine.get("flags", "n/a")],
        ["libtorch", machine.get("libtorch") or LIBTORCH_ABSENT],
        ["Google Benchmark library built as", context.get("library_build_type", "n/a")],
        ["load average when the run started", "n/a" if not load else ", ".join(f"{x:.2f}" for x in load)],
        ["GPU", machine.get("gpu", "none")],
    ]
    return ("## The machine\n\n" + table(["", ""], rows) + "\n\n"
            "Each figure is the fastest of 3 repetitions. Single-threaded benchmarks are pinned to one\n"
            "core and timed in CPU time; `all threads` ones run unpinned and are timed by the wall clock.\n"
            "A load average above zero means other work shared the machine: figures then only bound the\n"
            "truth from above, and a quiet machine gives the ones to quote.\n")


GPU_ADD_TARGET = 0.85  # the CUDA add's bandwidth over a device-to-device copy's


def gpu_target(gpu):
    """The GPU's target, measured on the 16 Mi add (None without a GPU run)."""
    value = None if gpu is None else divide(gpu.counter(f"cuda/add_out/ours/{16 << 20}", "bytes_per_second"),
                                            gpu.counter(f"cuda/copy/device_to_device/{16 << 20}",
                                                        "bytes_per_second"))
    return Target("cuda_add_copy", "CUDA add_out 16 Mi / device-to-device copy bandwidth", value, GPU_ADD_TARGET,
                  True, needs_libtorch=False)


def gpu_section(gpu, recorded):
    if gpu is None:
        return ("## GPU\n\n"
                "skipped: no CUDA device on this machine and no recording (bench/gpu-results.json), so the CUDA\n"
                "add bandwidth (target >= 85% of a device-to-device copy) and matmul against cuBLAS were not\n"
                "measured.\n")
    context = gpu.contexts[0] if gpu.contexts else {}
    where = (f"{context.get('gpu', 'a GPU')} (CUDA driver {context.get('cuda_driver', 'n/a')}), "
             f"{context.get('date', 'n/a')[:10]}")
    source = (f"Recorded on {where} by `bench_cuda`. This run's machine has no GPU, so the figures\n"
              "are bench/gpu-results.json, which tools/run-bench rewrites on a machine that has one."
              if recorded else f"Measured on {where} by `bench_cuda` in this run.")
    rows = []
    for elements, label in ((16 << 20, "16 Mi"), (256 << 20, "256 Mi")):
        ours = gpu.counter(f"cuda/add_out/ours/{elements}", "bytes_per_second")
        copy = gpu.counter(f"cuda/copy/device_to_device/{elements}", "bytes_per_second")
        rows.append([f"add_out, {label} float32", rate(ours, "GB/s"), rate(copy, "GB/s"), ratio(divide(ours, copy))])
    for n in (1024, 4096):
        ours = gpu.counter(f"cuda/matmul/ours/{n}", "GFLOP/s")
        cublas = gpu.counter(f"cuda/matmul/cublas/{n}", "GFLOP/s")
        rows.append([f"matmul {n} x {n}, float32", rate(ours, "GFLOP/s"), rate(cublas, "GFLOP/s"),
                     ratio(divide(ours, cublas))])
    return ("## GPU\n\n" + source + "\n\n"
            "The time is the GPU's, from CUDA events around 10 calls run back to back (bench/ch06_cuda_bench.cpp\n"
            "says why). The add counts 3 x 4 bytes per element, the copy 2 x 4, as on the CPU; the target is\n"
            "the 16 Mi add's bandwidth over the copy's. The matmul is our 16 x 16 tiled kernel against\n"
            "cuBLAS's sgemm in float32 (its default math mode, no TF32 tensor cores). The issue sets no\n"
            "target for it: the kernel teaches shared-memory tiling, one output per thread, and cuBLAS adds\n"
            "what the lesson leaves out (several outputs per thread in registers, larger tiles, copies\n"
            "that overlap the arithmetic).\n\n"
            + table(["what", "ours", "device-to-device copy / cuBLAS", "ours / theirs"], rows) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out")
    parser.add_argument("--machine", help="JSON: date, cpu, cores, memory, compiler, flags, libtorch")
    parser.add_argument("--gpu", help="bench_cuda's JSON output")
    parser.add_argument("--gpu-recorded", action="store_true", help="--gpu is the committed recording")
    parser.add_argument("--only", choices=["trace", "autocast", "train", "profiles"],
                        help="update only the trace (or autocast) benchmarks' rows and section of the page at --out, "
                             "or its profiles section from bench/profiles.md")
    parser.add_argument("--check-profiles", metavar="PAGE",
                        help="fail if PAGE's profiles section is not bench/profiles.md's text")
    parser.add_argument("results", nargs="*")
    args = parser.parse_args()
    if args.check_profiles:
        with open(args.check_profiles, encoding="utf-8") as handle:
            page = handle.read()
        if replace_profiles(page) != page:
            print(f"bench_report: the profiles section of {args.check_profiles} is not bench/profiles.md's text: "
                  f"run maint/bench_report.py --out {args.check_profiles} --only profiles")
            return 1
        print(f"bench_report: {args.check_profiles}'s profiles section is bench/profiles.md's text")
        return 0
    if not args.out:
        parser.error("--out is required")
    if args.only == "profiles":
        with open(args.out, encoding="utf-8") as handle:
            page = handle.read()
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(replace_profiles(page))
        return 0
    if not args.machine or not args.results:
        parser.error("--machine and at least one RESULT.json are required")
    with open(args.machine, encoding="utf-8") as handle:
        machine = json.load(handle)
    results = Results(args.results)
    if args.only == "autocast":
        update_one_section(args.out, results, machine, "autocast", AUTOCAST_HEADING, autocast_section)
        return 0
    if args.only == "train":
        update_one_section(args.out, results, machine, "train", TRAIN_HEADING, train_section)
        return 0
    if args.only == "trace":
        for target in update_trace_only(args.out, results, machine):
            print(f"run-bench: {target.status(True):8} {target.what}: "
                  f"{'n/a' if target.value is None else f'{target.value:.2f}{target.unit}'} ({target.bound_text()})")
        return 0
    gpu = Results([args.gpu]) if args.gpu else None
    have_libtorch = bool(machine.get("libtorch")) and results.time("noop/libtorch/typed_call") is not None
    all_targets = targets(results) + [gpu_target(gpu)]
    page = "\n".join([
        "<a id=\"performance\"></a>\n# Performance\n",
        "What each dispatcher feature costs, side by side with libtorch 1.13 in the same run. Written by\n"
        "`tools/run-bench` (the benchmarks are in bench/); do not edit it by hand: run the command again.\n",
        machine_section(machine, results),
        targets_section(all_targets, have_libtorch),
        noop_section(results, have_libtorch),
        add1_section(results, have_libtorch),
        bandwidth_section(results, have_libtorch),
        matmul_section(results, have_libtorch),
        chapter_section(results, have_libtorch),
        autocast_section(results),
        train_section(results),
        trace_section(results),
        memory_section(results, have_libtorch),
        gpu_section(gpu, args.gpu_recorded),
        misses_section(all_targets, have_libtorch),
        profiles_section(),
    ])
    with open(args.out, "w", encoding="utf-8") as handle:
        handle.write(page)
    for target in all_targets:
        print(f"run-bench: {target.status(have_libtorch):8} {target.what}: "
              f"{'n/a' if target.value is None else f'{target.value:.2f}{target.unit}'} ({target.bound_text()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
