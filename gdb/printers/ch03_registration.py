"""Printers and a command for chapter 03 on: kernels, operators, schemas and
the Dispatcher singleton.

- A KernelFunction prints as its C++ function (`mini::ch03::myadd_cpu`), or as
  `fallthrough`, `ambiguous_autogradother` or `missing`.
- An OperatorEntry prints its name and one row per valid slot of its live
  dispatch table: `OperatorEntry "myops::myadd" = {[CPU] = mini::ch03::myadd_cpu, ...}`;
  a DispatchTable prints the same rows.
- An OperatorHandle (or a TypedOperatorHandle) prints the operator it names:
  `OperatorHandle "myops::myadd"`.
- A FunctionSchema prints as the C++ code writes it:
  `FunctionSchema "myops::myadd(Tensor self, Tensor other) -> Tensor"`.
- A RegistrationHandleRAII prints whether destroying it will undo a
  registration: `RegistrationHandleRAII(armed)` or `RegistrationHandleRAII(released)`.
- `mini-dispatch-table OPNAME` finds the operator in the Dispatcher singleton
  and prints its table one row per slot, `{:<15} {}` as the tool prints it.

Each chapter is its own program with its own layouts: chapter 03's
KernelFunction has a `kind_`; from chapter 04 on it has a boxed entry and
knows a marker by its boxed entry, and any other kernel by its functor's
dynamic type (a function pointer, a TORCH_FN, a lambda or a class). Which layout a value has is read from
the debug info (`has_field`), never assumed. Slots are decoded with chapter
02's key layout (read from the debug info), so a chapter that adds a key
needs no change here. Everything is read from memory, nothing is called: it
works on a core file too.
"""
import re

import gdb

from printers import (MAX_SANE_SIZE, MAX_SHOWN, READ_ERRORS, Invalid, enum_name, first_pointer, function_name,
                      has_field, invalid_text, joined, referent, std_string, text_printer, vector_elements)
from printers.ch02_keyset import _KeyLayout


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


# Chapter 04 on: the markers are boxed entries of KernelFunction itself.
_MARKER_ENTRIES = {"fallthrough_kernel": "fallthrough", "ambiguous_autogradother_kernel": "ambiguous_autogradother"}
# A boxed function's entry is KernelFunction::makeBoxedFunction<&f>: f is its name.
_BOXED_FUNCTION = re.compile(r"KernelFunction::makeBoxedFunction<&?(?P<name>[^>]+)>")
# A TORCH_FN's functor names its function in its type.
_COMPILE_TIME_FUNCTION = re.compile(r"CompileTimeFunctionPointer<&?(?P<name>[^>]+)>")


def _functor_class(functor):
    """The class of the object an OperatorKernel* points to, from the symbol
    of its vtable ("vtable for X + 16"): read from memory, nothing called."""
    void_pointer = gdb.lookup_type("void").pointer()
    vptr = int(functor.cast(void_pointer.pointer()).dereference())
    symbol = gdb.execute(f"info symbol {vptr:#x}", to_string=True)
    # (re.search: with `set trace-commands on` the text starts with the command.)
    match = re.search(r"^vtable for (?P<name>.+?) \+ \d+ in ", symbol, re.MULTILINE)
    if not match:
        raise Invalid(f"no vtable at {vptr:#x}")
    return match.group("name")


def _functor_text(functor):
    """The kernel an OperatorKernel* holds, known by the functor's class."""
    name = _functor_class(functor)
    if "WrapFunctionIntoRuntimeFunctor_<" in name:
        argument = name.split("WrapFunctionIntoRuntimeFunctor_<", 1)[1]
        if "(*)" in argument.split(",", 1)[0]:
            # A function pointer, stored just after the OperatorKernel base.
            base_size = functor.type.target().strip_typedefs().sizeof
            char_pointer = gdb.lookup_type("char").pointer()
            void_pointer_pointer = gdb.lookup_type("void").pointer().pointer()
            stored = (functor.cast(char_pointer) + base_size).cast(void_pointer_pointer).dereference()
            return function_name(int(stored))
        return "lambda " + argument.split(",", 1)[0]  # a lambda, by its type
    match = _COMPILE_TIME_FUNCTION.search(name)
    if match:
        return match.group("name")
    return name  # a functor class of the user's


def kernel_text(kernel):
    """What a KernelFunction holds, in a word or a function name."""
    if has_field(kernel, "kind_"):  # chapter 03: a Kind says what the slot holds
        kind = enum_name(kernel["kind_"])
        if kind == "Fallthrough":
            return "fallthrough"
        if kind == "AmbiguousAutogradOther":
            return "ambiguous_autogradother"
        if kind == "Missing":
            return "missing"
        return function_name(int(kernel["function_"]))
    # Chapter 04 on: no boxed entry is the missing kernel; a marker or a
    # boxed function is known by its boxed entry; anything else is a functor.
    if int(kernel["boxed_"]) == 0:
        return "missing"
    entry = function_name(int(kernel["boxed_"]))
    member = entry.rsplit("::", 1)[-1]
    if entry.endswith("KernelFunction::" + member) and member in _MARKER_ENTRIES:
        return _MARKER_ENTRIES[member]
    boxed_function = _BOXED_FUNCTION.search(entry)
    if boxed_function:
        return boxed_function.group("name")
    functor = first_pointer(kernel["functor_"])
    if functor is None or int(functor) == 0:
        return entry
    return _functor_text(functor)


def _kernel_identity(kernel):
    """What tells two KernelFunctions apart: the object and the entries."""
    if has_field(kernel, "kind_"):
        return (int(kernel["function_"]), int(kernel["kind_"]))
    functor = first_pointer(kernel["functor_"])
    return (0 if functor is None else int(functor), int(kernel["boxed_"]))


def table_rows(table):
    """(key, kernel text) for each slot of a DispatchTable that holds a kernel."""
    slots = table["slots"]["_M_elems"]
    count = slots.type.strip_typedefs().range()[1] + 1
    keys = _slot_keys(_namespace(table))
    rows = []
    for index, key in enumerate(keys[:count]):
        text = kernel_text(slots[index])
        if text != "missing":
            rows.append((key, text))
    return rows


def live_table(entry):
    """The published DispatchTable of an OperatorEntry."""
    # dispatchTable_ is a std::atomic<const DispatchTable*>: the published
    # table (chapter 03's concurrency section), read through libstdc++'s member.
    pointer = entry["dispatchTable_"]["_M_b"]["_M_p"]
    if int(pointer) == 0:
        raise Invalid("no table published")
    return pointer.dereference()


class _RowsPrinter:
    """A map of key to kernel, read in to_string so that a failure prints as
    a marker (gdb prints an exception in children() as a Python Exception)."""

    label = ""

    def __init__(self, value):
        self.value = referent(value)
        self.rows = []

    def to_string(self):
        try:
            self.rows = self.read_rows()
            return self.heading()
        except READ_ERRORS as error:
            self.rows = []
            return invalid_text(self.label, error)

    def children(self):
        for index, (key, text) in enumerate(self.rows):
            yield f"[{index}]", key
            yield f"[{index}]v", text

    def display_hint(self):
        return "map"


class OperatorEntryPrinter(_RowsPrinter):
    label = "OperatorEntry"

    def read_rows(self):
        return table_rows(live_table(self.value))

    def heading(self):
        return f'OperatorEntry "{std_string(self.value["name_"])}"'


class DispatchTablePrinter(_RowsPrinter):
    label = "DispatchTable"

    def read_rows(self):
        return table_rows(self.value)

    def heading(self):
        return "DispatchTable"


def _handle_entry(handle):
    """The OperatorEntry an OperatorHandle (or a typed one) points to."""
    if not has_field(handle, "entry_"):
        raise Invalid("no entry_")
    pointer = handle["entry_"]
    if int(pointer) == 0:
        raise Invalid("null entry")
    return pointer.dereference()


# The spellings of the SchemaType::Kinds whose enum name is not how a schema
# writes them (kBaseTypeSpellings); the containers written `Name(T, U)`.
_BASE_SPELLINGS = {"Int": "int", "Float": "float", "Bool": "bool", "String": "str", "Complex": "complex"}
_CONTAINERS = ("Dict", "Future", "RRef", "Union")


def _optional(value):
    """The value a libstdc++ std::optional holds, or None."""
    payload = value["_M_payload"]
    if not bool(payload["_M_engaged"]):
        return None
    return payload["_M_payload"]["_M_value"]


def _alias_text(alias):
    """AliasInfo::toString(): `(a!)`, `(a|b)`, `(b -> *)`."""
    others, _ = vector_elements(alias["other_sets"], MAX_SHOWN)
    after, _ = vector_elements(alias["after_sets"], MAX_SHOWN)
    text = "({}{}".format("|".join([std_string(alias["set"])] + [std_string(s) for s in others]),
                          "!" if bool(alias["is_write"]) else "")
    if after:
        text += " -> " + "|".join(std_string(s) for s in after)
    return text + ")"


def _elements(schema_type):
    """The SchemaTypes a list, optional, tuple or container holds (a shared vector)."""
    pointer = schema_type["elements_"]["_M_ptr"]
    if int(pointer) == 0:
        return []
    elements, _ = vector_elements(pointer.dereference(), MAX_SHOWN)
    return elements


def _schema_type_text(schema_type, alias, depth=0):
    """SchemaType::toString(alias), from memory."""
    if depth > 8:
        raise Invalid("type nested too deep")
    kind = enum_name(schema_type["kind_"])
    annotation = "" if alias is None else _alias_text(alias)
    if kind in ("List", "Optional"):
        elements = _elements(schema_type)
        if not elements:
            raise Invalid(f"{kind} without an element")
        inner = _schema_type_text(elements[0], alias, depth + 1)
        if kind == "Optional":
            return inner + "?"
        size = _optional(schema_type["fixed_size_"])
        own = _optional(schema_type["list_alias_"])
        return "{}[{}]{}".format(inner, "" if size is None else int(size), "" if own is None else _alias_text(own))
    members = ", ".join(_schema_type_text(element, None, depth + 1) for element in _elements(schema_type))
    if kind == "Tuple":
        return f"({members}){annotation}"
    if kind in ("Class", "Variable"):
        return std_string(schema_type["name_"]) + annotation
    if kind in _CONTAINERS:
        return f"{kind}({members}){annotation}"
    return _BASE_SPELLINGS.get(kind, kind) + annotation


def _argument_text(argument):
    text = _schema_type_text(argument["type"], _optional(argument["alias"]))
    name = std_string(argument["name"])
    if name:
        text += " " + name
    default = _optional(argument["default_value"])
    if default is not None:
        text += "=" + std_string(default)
    return text


def schema_text(schema):
    """FunctionSchema::toString(), from memory."""
    arguments, count = vector_elements(schema["arguments"], MAX_SANE_SIZE)
    if count > MAX_SHOWN * 4:
        raise Invalid(f"{count} arguments")
    printed = []
    keyword_section = False
    for argument in arguments:
        if bool(argument["kwarg_only"]) and not keyword_section:
            printed.append("*")
            keyword_section = True
        printed.append(_argument_text(argument))
    returns, count = vector_elements(schema["returns"], MAX_SHOWN)
    printed_returns = [_argument_text(result) for result in returns]
    returns_text = printed_returns[0] if count == 1 else "({})".format(joined(printed_returns, count))
    name = std_string(schema["name"])
    overload = std_string(schema["overload_name"])
    operator = f"{name}.{overload}" if overload else name
    return "{}({}) -> {}".format(operator, ", ".join(printed), returns_text)


def _operator_handle_text(handle):
    return f'OperatorHandle "{std_string(_handle_entry(handle)["name_"])}"'


def _registration_handle_text(handle):
    """Armed: destroying the handle undoes its registration (the std::function
    holds a callback). Released: it was moved from, or has run."""
    armed = int(handle["onDestruction_"]["_M_manager"]) != 0
    return "RegistrationHandleRAII({})".format("armed" if armed else "released")


def _std_list(value, limit=MAX_SANE_SIZE):
    """The elements of a libstdc++ std::list (at most `limit` of them)."""
    element_type = value.type.strip_typedefs().template_argument(0)
    header = value["_M_impl"]["_M_node"]
    node = header["_M_next"]
    count = 0
    while node != header.address:
        count += 1
        if count > limit:
            raise Invalid("list too long")
        storage = node.dereference().address + 1  # the element follows the node's links
        yield storage.cast(gdb.lookup_type("char").pointer()).cast(element_type.pointer()).dereference()
        node = node["_M_next"]


def find_operator(name):
    """The OperatorEntry called `name` in the newest chapter's Dispatcher."""
    for chapter in range(9, 0, -1):
        try:
            dispatcher = gdb.parse_and_eval(f"'mini::ch{chapter:02d}::Dispatcher::singleton()::instance'")
        except gdb.error:
            continue
        try:
            for definition in _std_list(dispatcher["operators_"], 100000):
                if std_string(definition["op"]["name_"]) == name:
                    return definition["op"]
        except (gdb.error, gdb.MemoryError, Invalid) as error:
            raise gdb.GdbError(f"the Dispatcher (mini::ch{chapter:02d}) cannot be read yet: {error}")
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
        try:
            rows = table_rows(live_table(entry))
        except (gdb.error, gdb.MemoryError, Invalid, ValueError) as error:
            raise gdb.GdbError(f"the table of {name} cannot be read yet: {error}")
        print(f"{'key':<15} kernel")
        for key, text in rows:
            print(f"{key:<15} {text}")


def register(collection):
    collection.add("KernelFunction", text_printer("KernelFunction", kernel_text))
    collection.add("OperatorEntry", OperatorEntryPrinter)
    collection.add("DispatchTable", DispatchTablePrinter)
    handle_printer = text_printer("OperatorHandle", _operator_handle_text)
    collection.add("OperatorHandle", handle_printer)
    collection.add("TypedOperatorHandle", handle_printer)
    schema_printer = text_printer("FunctionSchema", lambda schema: f'FunctionSchema "{schema_text(schema)}"')
    collection.add("FunctionSchema", schema_printer)
    collection.add("RegistrationHandleRAII", text_printer("RegistrationHandleRAII", _registration_handle_text))
    DispatchTableCommand()
