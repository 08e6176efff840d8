"""Printers for chapter 01: the key, the tagged Number, and an operator's table."""
import gdb

from printers import MAX_SHOWN, chapter_namespace, enum_name, function_name, guarded, referent


class DispatchKeyPrinter:
    """DispatchKey::Polar prints as `Polar`."""

    def __init__(self, value):
        self.value = value

    @guarded("DispatchKey")
    def to_string(self):
        return enum_name(self.value)


class NumberPrinter:
    """A Number prints as `Polar(2, 0.5)`, the way fmt prints it."""

    def __init__(self, value):
        self.value = value

    @guarded("Number")
    def to_string(self):
        key = enum_name(self.value["key"])
        first, second = float(self.value["first"]), float(self.value["second"])
        if key == "Real":
            return f"Real({first:g})"
        return f"{key}({first:g}, {second:g})"


class OperatorTablePrinter:
    """An OperatorTable prints its name and one row per registered key: the
    kernel's function and where it was registered, e.g.
    `Polar = mini::ch01::addPolar(...) registered at chapters/.../polar_kernels.cpp:23`."""

    def __init__(self, value):
        self.value = referent(value)
        self.base = self.value.cast(self.value.type.strip_typedefs().fields()[0].type)
        self.rows = None

    @guarded("OperatorTable")
    def to_string(self):
        self.rows = list(self._rows())  # read now: children() cannot print a failure
        return f"OperatorTable {self.base['name_'].format_string()}"

    def children(self):
        return iter(self.rows or [])

    def _rows(self):
        sites = self.base["sites_"]["_M_elems"]
        kernels = self.value["kernels_"]["_M_elems"]
        namespace = chapter_namespace(str(self.value.type.strip_typedefs().unqualified()))
        key_type = gdb.lookup_type(namespace + "::DispatchKey")
        count = min(kernels.type.strip_typedefs().range()[1] + 1, MAX_SHOWN * 4)
        for index in range(count):
            kernel = kernels[index]
            if int(kernel) == 0:
                continue
            site = sites[index]["_M_payload"]["_M_payload"]["_M_value"]
            where = f'{site["file"].string()}:{int(site["line"])}'
            function = function_name(int(kernel))
            yield f"[{index}]", gdb.Value(index).cast(key_type)
            yield f"[{index}]v", f"{function} registered at {where}"

    def display_hint(self):
        return "map"


def register(collection):
    collection.add("DispatchKey", DispatchKeyPrinter)
    collection.add("Number", NumberPrinter)
    collection.add("OperatorTable", OperatorTablePrinter)
