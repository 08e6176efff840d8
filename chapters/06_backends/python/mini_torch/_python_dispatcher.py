"""PythonDispatcher, torch/_python_dispatcher.py's: the dispatch table of a
test operator `foo`, computed by the course's C++ dispatcher for the keys
you register kernels on, printed as 1.13 prints it.

    dispatcher = PythonDispatcher()
    dispatcher.register(["CPU", "PrivateUse1", "CompositeImplicitAutograd"])
    print(dispatcher.dispatchTable())  # which kernel each key's slot holds
    print(dispatcher.registrations())  # what was registered, alias keys included
    print(dispatcher.rawRegistrations())  # _dispatch_dump's text
    print(dispatcher.rawDispatchTable())  # _dispatch_dump_table's text

1.13 shows one example key of each kind; so does this, with the course's
keys where 1.13's example is a backend the course does not have:

- CPU/AutogradCPU: an in-tree backend with kernels of its own for both.
- FPGA/AutogradOther: a backend without an autograd key of its own; its
  autograd runs on AutogradOther, shared with every such backend.
- PrivateUse1/AutogradPrivateUse1 and Meta/AutogradMeta: backends whose
  kernels, autograd ones included, all come from elsewhere (1.13 shows XLA
  and Lazy here, which the course has not).
- CompositeExplicitAutograd, Autograd, CompositeImplicitAutograd: the alias
  keys, each standing for the runtime keys chapter 03 teaches.

Each kernel is a precanned `Tensor -> Tensor` function named fn_<key>; it is
only registered, never run. mini-dispatch-table (chapter 03) prints the same
tables from C++.
"""

import re

from mini_torch import _C as C


class PythonDispatcher:
    namespace = "__test__"
    name = "foo"
    # fmt: off
    runtime_keys = [
        "CPU", "AutogradCPU",
        "FPGA", "AutogradOther",
        "PrivateUse1", "AutogradPrivateUse1",
        "Meta", "AutogradMeta",
    ]
    # fmt: on
    alias_keys = [
        "CompositeExplicitAutograd",
        "Autograd",
        "CompositeImplicitAutograd",
    ]
    supported_keys = runtime_keys + alias_keys

    def __init__(self):
        # 1.13 checks "foo", which names no operator: the check passes. Kept
        # as it is, so that the two say the same.
        C._dispatch_check_invariants(self.name)
        self.ref = C._dispatch_library("FRAGMENT", self.namespace, "")
        self.ref.def_("foo(Tensor x) -> Tensor")

    def keys(self):
        """The dispatch keys you may register kernels on."""
        return self.supported_keys

    def register(self, dispatchKeys):
        """A kernel fn_<key> on each key of `dispatchKeys`."""
        # Overriding is not supported, and warns in the C++ dispatcher.
        if len(set(dispatchKeys)) != len(dispatchKeys):
            raise RuntimeError(f"Overriden is not allowed but found duplicates in {dispatchKeys}.")
        # PyTorch's codegen forbids this; the C++ dispatcher does not.
        if "CompositeImplicitAutograd" in dispatchKeys and "CompositeExplicitAutograd" in dispatchKeys:
            raise RuntimeError(
                "Registration to both CompositeImplicitAutograd and CompositeExplicitAutograd is not allowed."
            )
        for key in dispatchKeys:
            if key not in self.supported_keys:
                raise RuntimeError(f"{key} is not supported, please select a dispatch key in {self.supported_keys}.")
            self.ref.impl_t_t("foo", dispatch=key, debug="fn_" + key)

    def _format_line(self, key, kernel):
        return "{:<15} {}\n".format(key, kernel)

    def _format_header(self, header):
        s = f"""
{header}
"""
        s += self._format_line("key", "kernel")
        s += "---------------------------\n"
        return s

    def rawRegistrations(self):
        """_dispatch_dump's text: every registration, for debugging."""
        return C._dispatch_dump(f"{self.namespace}::{self.name}")

    def rawDispatchTable(self):
        """_dispatch_dump_table's text: every valid slot, for debugging."""
        return C._dispatch_dump_table(f"{self.namespace}::{self.name}")

    def registrations(self):
        """The registrations as a table, alias keys included."""
        output = self._format_header("Registered Kernels")
        state = self.rawRegistrations()
        state_entries = state.split("\n")
        for line in state_entries:
            first = line.split(":")[0]
            if any(first.startswith(k) for k in self.supported_keys):
                kernel = line.split("::")[0].split(" ")[1]
                output += self._format_line(first, kernel)
        return output

    def dispatchTable(self):
        """The computed table of the runtime keys: alias keys' kernels where they landed."""
        output = self._format_header("Computed Dispatch Table")
        table = self.rawDispatchTable()
        table_entries = table.split("\n")
        # 1.13 drops the site of the fallbacks in its *FallbackKernel.cpp
        # files; the course registers the same fallbacks in global_fallbacks.cpp.
        regex = re.compile(r"registered at .*(FallbackKernel|global_fallbacks)\.cpp.*(\[)")
        for line in table_entries:
            k = line.split(":")[0]
            if k in self.runtime_keys:
                entry = regex.sub("[", line)
                output += self._format_line(k, entry.split(": ")[1])
        return output
