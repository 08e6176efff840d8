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


# Printers never raise: a value read before its constructor ran, or through a
# dangling pointer, prints as a short `<invalid Type: why>` marker instead of
# a gdb "Python Exception", and no read is unbounded, so printing garbage
# cannot hang gdb.
MAX_SHOWN = 16  # elements shown of a container; the rest is counted, "...(N more)"
MAX_SANE_SIZE = 1 << 20  # a bigger size or capacity is garbage, not a live container
MAX_STRING = 4096  # a longer std::string is garbage in this course


class Invalid(Exception):
    """The memory is not (yet) the object its type says."""


READ_ERRORS = (gdb.error, gdb.MemoryError, Invalid, ValueError, TypeError, KeyError, IndexError, OverflowError,
               RuntimeError, UnicodeDecodeError, AttributeError)


def invalid_text(label, error):
    reason = str(error) if isinstance(error, Invalid) else ""
    return f"<invalid {label}: {reason}>" if reason else f"<invalid {label}>"


def guarded(label):
    """Decorates a printer's to_string: any failure to read prints
    `<invalid label>` (with the reason when the printer found one)."""
    def decorate(method):
        def to_string(self):
            try:
                return method(self)
            except READ_ERRORS as error:
                return invalid_text(label, error)
        to_string.__doc__ = method.__doc__
        return to_string
    return decorate


def has_field(value, name):
    """True when the value's type (this chapter's layout, from the debug
    info) has a member called `name`, directly or in a base class."""
    type_ = value.type.strip_typedefs()
    for field in type_.fields():
        if field.name == name:
            return True
        if field.is_base_class and has_field(value.cast(field.type), name):
            return True
    return False


def vector_elements(vector, limit=MAX_SHOWN):
    """(the first `limit` elements, the size) of a libstdc++ std::vector, read
    from its three pointers after checking that they can be a vector's."""
    impl = vector["_M_impl"]
    start, finish, end = impl["_M_start"], impl["_M_finish"], impl["_M_end_of_storage"]
    element_size = max(start.type.strip_typedefs().target().strip_typedefs().sizeof, 1)
    first, last, capacity_end = int(start), int(finish), int(end)
    if not first <= last <= capacity_end or (last - first) % element_size or (capacity_end - first) % element_size:
        raise Invalid("not a vector")
    if first == 0 and capacity_end != 0:
        raise Invalid("not a vector")
    size, capacity = (last - first) // element_size, (capacity_end - first) // element_size
    if capacity > MAX_SANE_SIZE:
        raise Invalid(f"capacity {capacity}")
    return [(start + index).dereference() for index in range(min(size, limit))], size


def joined(texts, size):
    """'a, b, c' for the elements shown, '..., (N more)' when some were not."""
    more = size - len(texts)
    return ", ".join(list(texts) + ([f"...({more} more)"] if more > 0 else []))


def std_string(value):
    """A libstdc++ std::string's text, its length checked first."""
    length = int(value["_M_string_length"])
    if not 0 <= length <= MAX_STRING:
        raise Invalid(f"string length {length}")
    if length == 0:
        return ""
    return value["_M_dataplus"]["_M_p"].string(length=length)


def function_name(address):
    """'mini::ch05::addCpu' for the address of that function, or the address."""
    block = gdb.block_for_pc(address) if address else None
    while block is not None and block.function is None:
        block = block.superblock
    if block is None:
        return hex(address)
    # Drop the parameter list, not the "(anonymous namespace)" of a name.
    anonymous = "(anonymous namespace)"
    return block.function.name.replace(anonymous, "\0").split("(")[0].replace("\0", anonymous)


def first_pointer(value, depth=0):
    """The raw pointer inside a smart pointer (std::unique_ptr, std::shared_ptr,
    intrusive_ptr), found depth-first through its fields and base classes:
    libstdc++ nests a unique_ptr's pointer in a tuple, after an empty deleter."""
    if value.type.strip_typedefs().code == gdb.TYPE_CODE_PTR:
        return value
    if depth > 8:
        return None
    for field in value.type.strip_typedefs().fields():
        if field.is_base_class or field.name:
            if not hasattr(field, "bitpos") or (field.name or "").startswith("_vptr"):
                continue  # a static member or the vtable pointer
            found = first_pointer(value[field], depth + 1)
            if found is not None:
                return found
    return None


def text_printer(label, text):
    """A printer class that prints `text(value)` (the value a reference
    refers to), or `<invalid label>` when the memory cannot be that value."""

    class Printer:
        def __init__(self, value):
            self.value = referent(value)

        @guarded(label)
        def to_string(self):
            return text(self.value)

    Printer.__name__ = Printer.__qualname__ = label + "Printer"
    return Printer
