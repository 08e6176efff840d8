"""Function schemas as ops.yaml writes them: `add.out(Tensor self, Tensor other,
*, Tensor(a!) out) -> Tensor(a!)`, parsed into what the generator needs to
name things and to spell their C++ types.

The grammar is the subset of PyTorch's that the chapter's operators use; the
dispatcher's own parser (src/op_registration/schema_parser.cpp) reads the same strings again
at run time, so a schema that passes here and fails there still fails loudly.
"""

import re
from dataclasses import dataclass, field

# Schema type -> (C++ argument type, C++ argument type when mutable).
CPP_ARGUMENT_TYPES = {
    "Tensor": "const Tensor&",
    "int[]": "const std::vector<std::int64_t>&",
    "int": "std::int64_t",
    "int?": "std::optional<std::int64_t>",  # None or an int: argmax's dim
    # An int that may be symbolic while tracing shapes: an int here, as
    # 1.13's non-symbolic kernels take it (slice.Tensor's start and end).
    "SymInt": "std::int64_t",
    "SymInt?": "std::optional<std::int64_t>",
    "bool": "bool",
    "float": "double",
    "Scalar": "const Scalar&",
    "ScalarType": "ScalarType",
    "Device": "Device",
}


class SchemaError(ValueError):
    """A schema string that does not parse; the message says where in it."""


@dataclass
class Argument:
    name: str
    type: str  # "Tensor", "int[]", ...
    mutable: bool = False  # Tensor(a!)
    aliased: bool = False  # Tensor(a): the result is a view of it
    kwarg_only: bool = False
    default: str | None = None
    size: int = 0  # int[1]: 1; a plain int[]: 0

    def cpp_type(self) -> str:
        if self.mutable:
            return "Tensor&"
        return CPP_ARGUMENT_TYPES[self.type]

    def cpp_default(self) -> str | None:
        if self.default is None:
            return None
        return {"False": "false", "True": "true", "None": "std::nullopt"}.get(self.default, self.default)


@dataclass
class Schema:
    name: str  # "add_"
    overload: str  # "Tensor", "out" or ""
    arguments: list[Argument] = field(default_factory=list)
    returns_mutable: bool = False  # -> Tensor(a!)
    returns_view: bool = False  # -> Tensor(a)
    text: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.name}.{self.overload}" if self.overload else self.name

    @property
    def is_inplace(self) -> bool:
        return self.name.endswith("_")

    @property
    def out_arguments(self) -> list[Argument]:
        return [a for a in self.arguments if a.kwarg_only and a.mutable]

    @property
    def is_out(self) -> bool:
        return bool(self.out_arguments)

    @property
    def is_functional(self) -> bool:
        return not self.is_inplace and not self.is_out

    @property
    def inputs(self) -> list[Argument]:
        """The arguments a meta function sees: everything but the outputs."""
        return [a for a in self.arguments if not (a.kwarg_only and a.mutable)]

    @property
    def mutable_arguments(self) -> list[Argument]:
        return [a for a in self.arguments if a.mutable]

    @property
    def is_view(self) -> bool:
        return self.returns_view

    @property
    def is_factory(self) -> bool:
        """No tensor argument to take a key set from: `dtype` and `device` say
        where the result goes (its BackendSelect kernel reads them)."""
        names = [(a.type, a.name) for a in self.arguments]
        return (not any(a.type == "Tensor" for a in self.arguments)
                and names[-2:] == [("ScalarType", "dtype"), ("Device", "device")])

    @property
    def cpp_return_type(self) -> str:
        return "Tensor&" if self.returns_mutable else "Tensor"


_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_SCHEMA = re.compile(rf"^\s*({_NAME})(?:\.({_NAME}))?\s*\((.*)\)\s*->\s*(.+?)\s*$")
# int[1]: a list of one int, which Python may give as the int (1.13's sum(dim)).
# int?: an optional int, None when absent.
_ARGUMENT = re.compile(rf"^({_NAME}\??)(?:\[(\d*)\])?(\(a!?\))?\s+({_NAME})(?:\s*=\s*(\S+))?$")
RETURNS = ("Tensor", "Tensor(a!)", "Tensor(a)")


def parse_schema(text: str) -> Schema:
    match = _SCHEMA.match(text)
    if not match:
        raise SchemaError(f"schema '{text}' is not `name[.overload](arguments) -> returns`")
    name, overload, argument_text, returns = match.groups()
    schema = Schema(name=name, overload=overload or "", text=text.strip())
    kwarg_only = False
    for piece in [p.strip() for p in argument_text.split(",")] if argument_text.strip() else []:
        if piece == "*":
            kwarg_only = True
            continue
        argument = _ARGUMENT.match(piece)
        if not argument:
            raise SchemaError(f"schema '{text}': argument '{piece}' is not `Type name`, "
                              "`Type(a!) name` or `Type(a) name`")
        base, list_size, alias, arg_name, default = argument.groups()
        type_ = base if list_size is None else f"{base}[]"
        if type_ not in CPP_ARGUMENT_TYPES:
            known = ", ".join(CPP_ARGUMENT_TYPES)
            raise SchemaError(f"schema '{text}': argument '{arg_name}' has unknown type '{type_}' (known: {known})")
        if alias and type_ != "Tensor":
            raise SchemaError(f"schema '{text}': only a Tensor can be written to or viewed, not '{arg_name}'")
        schema.arguments.append(Argument(arg_name, type_, alias == "(a!)", alias == "(a)", kwarg_only, default,
                                         int(list_size) if list_size else 0))
    if returns not in RETURNS:
        raise SchemaError(f"schema '{text}': returns '{returns}', but the generator knows `Tensor`, `Tensor(a!)` "
                          "and `Tensor(a)` only")
    schema.returns_mutable = returns == "Tensor(a!)"
    schema.returns_view = returns == "Tensor(a)"
    if schema.returns_mutable != bool(schema.mutable_arguments):
        raise SchemaError(f"schema '{text}': an operator returns Tensor(a!) exactly when it writes an argument")
    if schema.returns_view != any(a.aliased for a in schema.arguments):
        raise SchemaError(f"schema '{text}': an operator returns Tensor(a) exactly when the result views an argument")
    return schema
