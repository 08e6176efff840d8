"""Shared machinery for the course's pretty printers.

A printer module in this folder defines `register(collection)` and adds its
printers with `collection.add(type_name, printer_class)`, where `type_name` is
the name inside the chapter namespace ("DispatchKeySet" for
mini::ch02::DispatchKeySet). Enum names come from the debug info
(`enum_name`), never from a copy in Python, so a chapter that adds a key needs
no change here.
"""
import re

import gdb
import gdb.printing


class _Collection:
    def __init__(self):
        self.printer = gdb.printing.RegexpCollectionPrettyPrinter("mini")

    def add(self, type_name, printer_class):
        # Any chapter: mini::ch01::Name, mini::ch02::Name, ... and templates.
        self.printer.add_printer(type_name, r"^mini::(ch\d\d::)?" + re.escape(type_name) + r"(<.*>)?$",
                                 printer_class)


collection = _Collection()


def install():
    gdb.printing.register_pretty_printer(gdb.current_objfile(), collection.printer, replace=True)


def referent(value):
    """The object a reference refers to, or the value itself."""
    if value.type.strip_typedefs().code in (gdb.TYPE_CODE_REF, gdb.TYPE_CODE_RVALUE_REF):
        return value.referenced_value()
    return value


def chapter_namespace(type_name):
    """'mini::ch01' for 'mini::ch01::OperatorTable<...>'."""
    match = re.match(r"^(mini::(?:ch\d\d::)?)", type_name)
    return match.group(1).rstrip(":") if match else "mini"


def enum_name(value):
    """The enumerator's name as the debug info spells it ('Polar'), or the
    number if no enumerator has that value."""
    enum_type = value.type.strip_typedefs()
    number = int(value)
    for field in enum_type.fields():
        if field.enumval == number:
            return field.name.split("::")[-1]
    return str(number)


def enumerators(enum_type):
    """(name, value) for every enumerator of an enum type, in value order."""
    fields = enum_type.strip_typedefs().fields()
    return sorted(((f.name.split("::")[-1], f.enumval) for f in fields), key=lambda item: item[1])
