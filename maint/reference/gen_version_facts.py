#!/usr/bin/python3
"""Write the dispatcher facts a lesson states about one PyTorch version, read
from that torch itself, so that "in PyTorch 2.x" sentences have data behind
them (maint/reference/PYTORCH2_FACTS.md lists each fact and its line here).

    /tmp/torch2/bin/python maint/reference/gen_version_facts.py \\
        chapters/06_backends/tests/data/pytorch-2.15.0-facts.txt
    /usr/bin/python3 maint/reference/gen_version_facts.py chapters/06_backends/tests/data/pytorch-1.13-facts.txt

The first with a venv holding pip's torch (`python3 -m venv /tmp/torch2 &&
/tmp/torch2/bin/pip install torch`), the second with Debian's 1.13.1, so a
difference between the versions is two lines of two files. Every line is
`KIND NAME VALUE...`, one fact each, sorted within its kind:

    version V                       torch.__version__
    layout backends N | functionality-keys N | per-backend NAMES | runtime-entries N
           | end-of-functionality-keys N | backends-plus-end-of-functionality-keys N
    backend I NAME                  bit I, lowest first
    functionality-order A B         A's bit is below B's (every pair of neighbours)
    alias NAME                      an alias key (no bit, no slot)
    fallback KEY fallthrough|kernel|none
                                    the global fallback a fresh operator sees on KEY
    dispatch-function NAME          a torch._C._dispatch_* function
    autocast-kernel KEY OP          an operator with a kernel on KEY (AutocastCPU, AutocastCUDA)
    autocast-policy LIST OP         CUDA's (and other devices') policy lists, AT_FORALL_* in
                                    ATen/autocast_mode.h of the installed headers (2.x only)
    wrapper KEY OPERATOR NAME       the name torchgen gives KEY's wrapper of OPERATOR (RegisterCPU.cpp)
    frame WHAT ... NAME             torchgen's name for another frame of a CPU add's call path
    api NAME yes|no                 whether the Python name exists in this torch
    deprecated NAME MESSAGE         the warning calling NAME gives (torch.cuda.amp.autocast)
    custom-op-kernel KEY KINDS      a key torch.library.custom_op (device_types="cpu"), its
                                    register_fake and register_autograd put a kernel on (2.x only)
    header FILE LINE TEXT           a line of an installed header that says the fact in PyTorch's words

Tests never need torch: they read these files.
"""

import dataclasses
import os
import re
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
import torch._C as C  # noqa: E402

# The keys whose global fallback the course talks about.
FALLBACK_KEYS = ["CPU", "CUDA", "Meta", "PrivateUse1", "BackendSelect", "ADInplaceOrView", "AutogradOther",
                 "AutogradCPU", "AutogradCUDA", "AutogradMeta", "AutogradPrivateUse1", "AutocastCPU", "AutocastCUDA"]

# Python names the lessons mention, in either version.
APIS = ["torch.library.custom_op", "torch.library.register_fake", "torch.library.register_autograd",
        "torch.library.register_kernel", "torch.library.register_vmap", "torch.library.register_autocast",
        "torch.library.opcheck", "torch.library.impl_abstract", "torch.library.Library",
        "torch.amp.autocast", "torch.cuda.amp.autocast", "torch.backends.cpu.get_cpu_capability",
        "torch.utils.rename_privateuse1_backend", "torch.utils.generate_methods_for_privateuse1_backend",
        "torch._C._get_privateuse1_backend_name"]

# (header under torch/include, a pattern): lines that say a fact in PyTorch's own words.
HEADER_LINES = [
    ("c10/core/DispatchKey.h", r"Meta must be at the end"),
    ("c10/core/DispatchKey.h", r"_\(Meta, extra\)"),
    ("c10/core/DispatchKey.h", r"k == DispatchKey::Sparse \|\| k == DispatchKey::SparseCsr"),
    ("c10/core/DispatchKey.h", r"constexpr uint16_t num_runtime_entries = num_functionality_keys"),
    ("ATen/native/DispatchStub.h", r"SVE256"),
    ("ATen/native/DispatchStub.h", r"PRIVATEUSE1"),
    ("ATen/native/DispatchStub.h", r"^\s*DEFAULT = 0"),
    ("ATen/detail/PrivateUse1HooksInterface.h", r"struct TORCH_API PrivateUse1HooksInterface"),
    ("ATen/autocast_mode.h", r"To make sure other backends can reuse the policy op list"),
    ("ATen/core/dispatch/Dispatcher.h", r"TORCH_SHOW_DISPATCH_TRACE|dispatch_trace_nesting"),
]

AUTOCAST_LISTS = ["AT_FORALL_LOWER_PRECISION_FP", "AT_FORALL_FP32", "AT_FORALL_FP32_SET_OPT_DTYPE",
                  "AT_FORALL_PROMOTE"]


def key_names(key_set):
    text = str(key_set)
    return [name for name in text[len("DispatchKeySet("):-1].split(", ") if name]


def layout_facts():
    """The split layout, as exercise 02.5's generator reads it."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen_key_layout_data  # noqa: E402 (beside this file)
    backends, functionalities = gen_key_layout_data.layout()
    per_backend = [name for name, prefix in functionalities if prefix != "-"]
    # Slot 0 is Undefined's; a per-backend functionality takes one per backend.
    entries = 1 + sum(len(backends) if prefix != "-" else 1 for _, prefix in functionalities)
    lines = [f"layout backends {len(backends)}",
             f"layout functionality-keys {len(functionalities)}",
             f"layout per-backend {','.join(per_backend)}",
             f"layout runtime-entries {entries}",
             # c10's static_assert adds EndOfBackendKeys and EndOfFunctionalityKeys,
             # which counts Undefined too: the bits the set could need, <= 64.
             f"layout end-of-functionality-keys {len(functionalities) + 1}",
             f"layout backends-plus-end-of-functionality-keys {len(backends) + len(functionalities) + 1}"]
    lines += [f"backend {index} {name}" for index, name in enumerate(backends)]
    names = [name for name, _ in functionalities]
    lines += [f"functionality-order {below} {above}" for below, above in zip(names, names[1:])]
    return lines


def alias_facts():
    names = [name for name in dir(C.DispatchKey) if not name.startswith("_") and name[0].isupper()]
    return [f"alias {name}" for name in sorted(names)
            if name != "Undefined" and C._dispatch_is_alias_key(getattr(C.DispatchKey, name))] \
        if hasattr(C, "_dispatch_is_alias_key") else []


def fallback_facts():
    library = torch.library.Library("__version_facts__", "DEF")
    library.define("probe(Tensor x) -> Tensor")
    rows = dict(line.split(": ", 1) for line in C._dispatch_dump_table("__version_facts__::probe").splitlines())
    lines = []
    for key in FALLBACK_KEYS:
        row = rows.get(key, "")
        kind = "none" if not row else "fallthrough" if row.startswith("fallthrough") else "kernel"
        lines.append(f"fallback {key} {kind}")
    return lines


def dispatch_function_facts():
    return [f"dispatch-function {name}" for name in sorted(dir(C)) if name.startswith("_dispatch_")]


def autocast_kernel_facts():
    if not hasattr(C, "_dispatch_get_registrations_for_dispatch_key"):
        return []
    lines = []
    for key in ["AutocastCPU", "AutocastCUDA"]:
        ops = C._dispatch_get_registrations_for_dispatch_key(key)
        lines += [f"autocast-kernel {key} {op}" for op in sorted(ops) if op]
    return lines


def include_dir():
    return os.path.join(os.path.dirname(torch.__file__), "include")


def autocast_policy_facts():
    path = os.path.join(include_dir(), "ATen", "autocast_mode.h")
    if not os.path.isfile(path):
        return []
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    lines = []
    for name in AUTOCAST_LISTS:
        found = re.search(r"#define " + name + r"\(_\)(.*?)\n\n", text, re.S)
        if not found:
            continue
        for op, overload in re.findall(r"_\((\w+)(?:, (\w+))?\)", found.group(1)):
            lines.append(f"autocast-policy {name} {op}{'.' + overload if overload else ''}")
    return lines


def wrapper_facts():
    """torchgen's names for the frames of a CPU add: RegisterCPU.cpp's
    registrations of add's three overloads (the wrappers), the _ops struct,
    the structured kernel add.out names, and (2.x's wheel ships the autograd
    generators too) the VariableType kernel."""
    import torchgen
    from torchgen.gen import parse_native_yaml
    from torchgen.model import DispatchKey, NativeFunctionsGroup
    from torchgen.dest.register_dispatch_key import RegisterDispatchKey
    from torchgen.selective_build.selector import SelectiveBuilder
    from torchgen.utils import Target
    packaged = os.path.join(os.path.dirname(torchgen.__file__), "packaged", "ATen", "native")
    parsed = parse_native_yaml(os.path.join(packaged, "native_functions.yaml"), os.path.join(packaged, "tags.yaml"))
    functions = {str(f.func.name): f for f in parsed.native_functions}
    add = [functions[name] for name in ("add.Tensor", "add_.Tensor", "add.out")]
    group = NativeFunctionsGroup.from_dict({f.func.kind(): f for f in add})
    lines = []
    for key in [DispatchKey.CPU, DispatchKey.CUDA]:
        arguments = {"backend_index": parsed.backend_indices[key], "target": Target.REGISTRATION,
                     "selector": SelectiveBuilder.get_nop_selector(), "rocm": False, "symint": True,
                     "class_method_name": None, "skip_dispatcher_op_registration": False}
        fields = {field.name for field in dataclasses.fields(RegisterDispatchKey)}
        generator = RegisterDispatchKey(**{name: value for name, value in arguments.items() if name in fields})
        for text in generator(group):
            for operator, name in re.findall(r'm\.impl\("([\w.]+)",\s*TORCH_FN\((\w+)\)\)', text):
                lines.append(f"wrapper {key} {operator} {name}")
    lines.append(f"frame ops-struct add.Tensor at::_ops::{functions['add.Tensor'].func.name.unambiguous_name()}")
    kernel = parsed.backend_indices[DispatchKey.CPU].get_kernel(functions["add.out"])
    lines.append(f"frame structured-kernel CPU add.out {kernel.cpp_namespace}::structured_{kernel.kernel}")
    try:
        from torchgen.packaged.autograd.gen_trace_type import type_wrapper_name
        lines.append(f"frame variable-type add.Tensor {type_wrapper_name(functions['add.Tensor'])}")
    except ImportError:
        pass  # 1.13's torchgen has no packaged autograd generators
    return lines


def api_facts():
    lines = []
    for dotted in APIS:
        parts = dotted.split(".")
        found = True
        try:
            value = __import__(parts[0])
            for index, part in enumerate(parts[1:], start=1):
                if not hasattr(value, part):
                    value = __import__(".".join(parts[:index + 1]), fromlist=["_"])
                else:
                    value = getattr(value, part)
        except (ImportError, AttributeError):
            found = False
        lines.append(f"api {dotted} {'yes' if found else 'no'}")
    return lines


def deprecation_facts():
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            torch.cuda.amp.autocast(enabled=False)
        except (RuntimeError, AttributeError):
            pass
    return [f"deprecated torch.cuda.amp.autocast {str(w.message).splitlines()[0]}" for w in caught
            if issubclass(w.category, (DeprecationWarning, FutureWarning))]


def custom_op_facts():
    """Where torch.library.custom_op's registrations land: a CPU kernel,
    register_fake and register_autograd, read back from the dispatcher."""
    if not hasattr(torch.library, "custom_op"):
        return []

    @torch.library.custom_op("__version_facts__::mysin", mutates_args=(), device_types="cpu")
    def mysin(x: torch.Tensor) -> torch.Tensor:
        return x.sin()

    mysin.register_fake(lambda x: torch.empty_like(x))
    mysin.register_autograd(lambda ctx, grad: grad * ctx.x.cos(),
                            setup_context=lambda ctx, inputs, output: setattr(ctx, "x", inputs[0]))
    lines = []
    for line in C._dispatch_dump("__version_facts__::mysin").splitlines():
        found = re.match(r"(\w+(?:\[alias\])?): registered at .*\[ ([\w ]+) \]$", line)
        if found:
            lines.append(f"custom-op-kernel {found.group(1)} {found.group(2)}")
    return lines


def header_facts():
    lines = []
    for relative, pattern in HEADER_LINES:
        path = os.path.join(include_dir(), relative)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as handle:
            for number, text in enumerate(handle, start=1):
                if re.search(pattern, text):
                    lines.append(f"header {relative} {number} {text.strip()}")
    return lines


def main(path):
    sections = [layout_facts(), alias_facts(), fallback_facts(), dispatch_function_facts(), autocast_kernel_facts(),
                autocast_policy_facts(), wrapper_facts(), api_facts(), deprecation_facts(),
                custom_op_facts(), header_facts()]
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"# Written by maint/reference/gen_version_facts.py from PyTorch {torch.__version__}; "
                  "do not edit.\n")
        out.write(f"version {torch.__version__}\n")
        for lines in sections:
            for line in lines:
                out.write(line + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
