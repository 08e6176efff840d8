"""Printers for the dispatch modes of chapters 05 and 06
(mini/dispatch_modes/): a mode of any class derived from TorchDispatchMode,
the guards that push one and stash one, and the nodes of make_fx's graph.

A mode prints its class, read from its vtable, so a mode a learner writes
needs no change here: `LoggingMode(lines=4)`, `FlopCounterMode`,
`CallbackMode`. A stash guard, the local of the Python key's fallback that
holds the mode whose handler is running, prints
`StashTorchDispatchModeGuard(stashed=LoggingMode(lines=4))`; a push guard
`TorchDispatchModeGuard(LoggingMode(lines=4))`. An FxNode prints as its line
of the graph would start: `FxNode(%mm_1 = call_function aten::matmul, users=1)`.
"""
import re

import gdb

from printers import READ_ERRORS, enum_name, first_pointer, has_field, referent, std_string, text_printer, \
    vector_elements

_MODE_NAME = re.compile(r"^mini::(ch\d\d::)?TorchDispatchMode$")


def _is_mode_type(type_, depth=0):
    type_ = type_.strip_typedefs().unqualified()
    if _MODE_NAME.match(type_.tag or ""):
        return True
    if type_.code != gdb.TYPE_CODE_STRUCT or depth > 6:
        return False
    return any(field.is_base_class and _is_mode_type(field.type, depth + 1) for field in type_.fields())


def mode_text(mode):
    """`LoggingMode(lines=4)` for a mode object of any derived class."""
    dynamic = mode.dynamic_type.strip_typedefs()
    name = str(dynamic).split("::")[-1]
    value = mode.cast(dynamic)
    if has_field(value, "lines_"):
        _, size = vector_elements(value["lines_"])
        return "{}(lines={})".format(name, size)
    return name


def _mode_pointer_text(pointer_holder):
    pointer = first_pointer(pointer_holder)
    if pointer is None or int(pointer) == 0:
        return "none"
    return mode_text(pointer.dereference())


class ModePrinter:
    def __init__(self, value):
        self.value = referent(value)

    def to_string(self):
        try:
            return mode_text(self.value)
        except READ_ERRORS as error:
            return "<invalid TorchDispatchMode: {}>".format(error)


def _lookup_mode(value):
    type_ = value.type.strip_typedefs()
    if type_.code in (gdb.TYPE_CODE_REF, gdb.TYPE_CODE_RVALUE_REF):
        type_ = type_.target().strip_typedefs()
    if type_.code != gdb.TYPE_CODE_STRUCT or not (type_.tag or "").startswith("mini::"):
        return None
    try:
        return ModePrinter(value) if _is_mode_type(type_) else None
    except READ_ERRORS:
        return None


def _fx_node_text(node):
    op = enum_name(node["op"])
    op = re.sub(r"(?<!^)([A-Z])", r"_\1", op).lower()  # CallFunction -> call_function
    return "FxNode(%{} = {} {}, users={})".format(std_string(node["name"]), op, std_string(node["target"]),
                                                  int(node["users"]))


def register(collection):
    collection.add("StashTorchDispatchModeGuard",
                   text_printer("StashTorchDispatchModeGuard",
                                lambda guard: "StashTorchDispatchModeGuard(stashed={})".format(
                                    _mode_pointer_text(guard["saved_mode_"]))))
    collection.add("TorchDispatchModeGuard",
                   text_printer("TorchDispatchModeGuard",
                                lambda guard: "TorchDispatchModeGuard({})".format(_mode_pointer_text(guard["mode_"]))))
    collection.add("FxNode", text_printer("FxNode", _fx_node_text))
    if _lookup_mode not in gdb.pretty_printers:
        gdb.pretty_printers.append(_lookup_mode)
