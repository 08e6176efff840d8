"""Printers and a command for chapter 03 on: kernels, operator entries and the
Dispatcher singleton.

- A KernelFunction prints as its C++ function (`mini::ch03::myadd_cpu`), or as
  `fallthrough`, `ambiguous_autogradother` or `missing`.
- An OperatorEntry prints its name and one row per valid slot of its live
  dispatch table: `OperatorEntry "myops::myadd" = {[CPU] = mini::ch03::myadd_cpu, ...}`.
- `mini-dispatch-table OPNAME` finds the operator in the Dispatcher singleton
  and prints its table one row per slot, `{:<15} {}` as the tool prints it.

Slots are decoded with chapter 02's key layout (read from the debug info), so
a chapter that adds a key needs no change here. Everything is read from
memory, nothing is called: it works on a core file too.
"""
import gdb

from printers import enum_name, referent
from printers.ch02_keyset import _KeyLayout


def _std_string(value):
    return value["_M_dataplus"]["_M_p"].string()


def _namespace(value):
    return str(value.type.strip_typedefs().unqualified()).rsplit("::", 1)[0]


def _slot_keys(namespace):
    """Runtime key names in slot order: Undefined, then each functionality,
    expanded per backend (the layout of getDispatchTableIndexForDispatchKey)."""
    layout = _KeyLayout(namespace)
    keys = ["Undefined"]
    for k, name in layout.functionalities:
        if k in layout.block_start:
            keys.extend(layout.key_names[layout.block_start[k] + b] for b, _ in layout.backends)
        else:
            keys.append(name)
    return keys


def kernel_text(kernel):
    """What a KernelFunction holds, in a word or a function name."""
    kind = enum_name(kernel["kind_"])
    if kind == "Fallthrough":
        return "fallthrough"
    if kind == "AmbiguousAutogradOther":
        return "ambiguous_autogradother"
    if kind == "Missing":
        return "missing"
    address = int(kernel["function_"])
    block = gdb.block_for_pc(address)
    return block.function.name.split("(")[0] if block and block.function else hex(address)


def table_rows(entry):
    """(key, kernel text) for each valid slot of an OperatorEntry's live table."""
    # dispatchTable_ is a std::atomic<const DispatchTable*>: the published
    # table (chapter 03's concurrency section), read through libstdc++'s member.
    slots = entry["dispatchTable_"]["_M_b"]["_M_p"].dereference()["slots"]["_M_elems"]
    keys = _slot_keys(_namespace(entry))
    rows = []
    for index, key in enumerate(keys):
        text = kernel_text(slots[index])
        if text != "missing":
            rows.append((key, text))
    return rows


class KernelFunctionPrinter:
    def __init__(self, value):
        self.value = value

    def to_string(self):
        return kernel_text(self.value)


class OperatorEntryPrinter:
    def __init__(self, value):
        self.value = referent(value)

    def to_string(self):
        return f'OperatorEntry "{_std_string(self.value["name_"])}"'

    def children(self):
        for index, (key, text) in enumerate(table_rows(self.value)):
            yield f"[{index}]", key
            yield f"[{index}]v", text

    def display_hint(self):
        return "map"


def _std_list(value):
    """The elements of a libstdc++ std::list."""
    element_type = value.type.strip_typedefs().template_argument(0)
    header = value["_M_impl"]["_M_node"]
    node = header["_M_next"]
    while node != header.address:
        storage = node.dereference().address + 1  # the element follows the node's links
        yield storage.cast(gdb.lookup_type("char").pointer()).cast(element_type.pointer()).dereference()
        node = node["_M_next"]


def find_operator(name):
    """The OperatorEntry called `name` in the newest chapter's Dispatcher."""
    for chapter in range(9, 2, -1):
        try:
            dispatcher = gdb.parse_and_eval(f"'mini::ch{chapter:02d}::Dispatcher::singleton()::instance'")
        except gdb.error:
            continue
        for definition in _std_list(dispatcher["operators_"]):
            if _std_string(definition["op"]["name_"]) == name:
                return definition["op"]
        raise gdb.GdbError(f"no operator {name} in the Dispatcher (mini::ch{chapter:02d})")
    raise gdb.GdbError("no Dispatcher in this program (chapter 03 on)")


class DispatchTableCommand(gdb.Command):
    """mini-dispatch-table OPNAME: the live dispatch table of operator OPNAME
    (e.g. myops::myadd), one row per slot that holds a kernel."""

    def __init__(self):
        super().__init__("mini-dispatch-table", gdb.COMMAND_DATA)

    def invoke(self, argument, from_tty):
        name = argument.strip()
        if not name:
            raise gdb.GdbError("usage: mini-dispatch-table OPNAME")
        entry = find_operator(name)
        print(f"{'key':<15} kernel")
        for key, text in table_rows(entry):
            print(f"{key:<15} {text}")


def register(collection):
    collection.add("KernelFunction", KernelFunctionPrinter)
    collection.add("OperatorEntry", OperatorEntryPrinter)
    DispatchTableCommand()
