"""derivatives.yaml read and checked against ops.yaml (PyTorch's
tools/autograd/load_derivatives.py, for the chapter's operators): every entry
becomes a DifferentiabilityInfo, every mistake a DerivativesYamlError naming
the file, the line and the problem.

    - name: mul.Tensor(Tensor self, Tensor other) -> Tensor
      self: mul_tensor_backward(grad, other, self.scalar_type())
      other: mul_tensor_backward(grad, self, other.scalar_type())
      result: other_t * self_p + self_t * other_p

What a formula reads decides what the node saves, as in 1.13: `other` saves
the tensor (a SavedVariable), `self.scalar_type()` only its scalar type,
`self.sym_sizes()` only its sizes, `result` the operator's result, a
non-tensor argument (`dim`) its value.
"""

import re
from dataclasses import dataclass, field

from model import Operator, OpsYamlError, _LineLoader, yaml
from schema import SchemaError, parse_schema

# The node names 1.13 prints that the rule below cannot make from the
# course's entries: torch.matmul of two matrices runs mm (MmBackward0), and
# 1.13 numbers fill_.Scalar after two fill overloads the course does not have.
NODE_NAMES_OF_1_13 = {"matmul": "MmBackward0", "fill_": "FillBackward2"}

# A property of an input that a formula may read instead of the whole
# tensor: (what the formula writes, the saved member's suffix and C++ type,
# how the course's Tensor gives it).
PROPERTIES = (
    ("sym_sizes()", "sym_sizes", "Sizes", "sizes()"),
    ("sizes()", "sym_sizes", "Sizes", "sizes()"),
    ("scalar_type()", "scalar_type", "ScalarType", "dtype()"),
    ("options()", "options", "TensorOptions", "options()"),
)
# The C++ type a non-tensor argument is saved as.
SAVED_VALUE_TYPES = {"int[]": "std::vector<std::int64_t>", "int": "std::int64_t", "bool": "bool",
                     "int?": "std::optional<std::int64_t>", "SymInt": "std::int64_t",
                     "SymInt?": "std::optional<std::int64_t>",
                     "float": "double", "ScalarType": "ScalarType", "Device": "Device", "Scalar": "Scalar"}
KNOWN_KEYS = ("name", "result", "output_differentiability")


class DerivativesYamlError(OpsYamlError):
    """`derivatives.yaml:12: <problem>`, like ops.yaml's errors."""


@dataclass
class SavedAttribute:
    """A member of the node: `self_` (SavedVariable), `self_sym_sizes`, `dim`."""
    member: str
    cpp_type: str  # "SavedVariable" for a tensor
    expression: str  # what the kernel saves: "self", "self.sizes()", "dim"
    argument: str  # the argument (or "result") it comes from

    @property
    def is_tensor(self) -> bool:
        return self.cpp_type == "SavedVariable"


@dataclass
class Derivative:
    """One line: the inputs it gives gradients for, and its formula as
    written and as the node evaluates it (properties read from members)."""
    inputs: list[str]
    formula: str
    line: int
    cpp_formula: str = ""
    saved: list[SavedAttribute] = field(default_factory=list)


@dataclass
class DifferentiabilityInfo:
    operator: Operator
    node: str  # "AddBackward0"
    derivatives: list[Derivative]
    forward_formula: str | None
    output_differentiability: list[bool | str] | None
    path: str
    line: int

    @property
    def output_differentiability_conditions(self) -> list[str]:
        """The C++ conditions among output_differentiability (1.13 keeps them
        apart and treats the result as differentiable when they hold)."""
        return [v for v in self.output_differentiability or [] if isinstance(v, str)]

    @property
    def saved(self) -> list[SavedAttribute]:
        seen: dict[str, SavedAttribute] = {}
        for derivative in self.derivatives:
            for attribute in derivative.saved:
                seen.setdefault(attribute.member, attribute)
        return list(seen.values())

    @property
    def differentiable_inputs(self) -> list[str]:
        return [name for derivative in self.derivatives for name in derivative.inputs]


def _camel(name: str) -> str:
    return "".join(word[:1].upper() + word[1:] for word in name.strip("_").split("_") if word)


def _word(name: str) -> re.Pattern:
    """`self` as a whole word, not `self_t` nor `other.self`."""
    return re.compile(rf"(?<![\w.]){re.escape(name)}(?!\w)")


def _analyze(derivative: Derivative, operator: Operator) -> None:
    """What the formula reads, saved; the formula rewritten to read it."""
    formula = derivative.formula
    arguments = {a.name: a for a in operator.schema.arguments}
    names = [a.name for a in operator.schema.arguments] + ["result"]
    for name in names:
        is_tensor = name == "result" or arguments[name].type == "Tensor"
        if is_tensor:
            for written, suffix, cpp_type, course in PROPERTIES:
                pattern = re.compile(rf"(?<![\w.]){re.escape(name)}\.{re.escape(written)}")
                if pattern.search(formula):
                    member = f"{name}_{suffix}"
                    formula = pattern.sub(member, formula)
                    derivative.saved.append(SavedAttribute(member, cpp_type, f"{name}.{course}", name))
        if _word(name).search(formula):
            if is_tensor:
                derivative.saved.append(SavedAttribute(f"{name}_", "SavedVariable", name, name))
            else:
                derivative.saved.append(SavedAttribute(name, SAVED_VALUE_TYPES[arguments[name].type], name, name))
    derivative.cpp_formula = formula


def _derivatives_of(entry: dict, operator: Operator, path: str) -> list[Derivative]:
    key_lines = entry["__key_lines__"]
    arguments = {a.name: a for a in operator.schema.arguments}
    derivatives = []
    for key, formula in entry.items():
        if key.startswith("__") or key in KNOWN_KEYS:
            continue
        line = key_lines.get(key, entry["__line__"])
        inputs = [name.strip() for name in str(key).split(",")]
        for name in inputs:
            if name not in arguments:
                raise DerivativesYamlError(
                    path, line, f"{operator.schema.full_name}: a formula for '{name}', which is not an input "
                    f"(inputs: {', '.join(arguments)}; known keys: {', '.join(KNOWN_KEYS)})")
            if arguments[name].type != "Tensor":
                raise DerivativesYamlError(
                    path, line, f"{operator.schema.full_name}: a formula for '{name}', a {arguments[name].type}: "
                    "only a Tensor input has a gradient")
        if not isinstance(formula, str) or not formula.strip():
            raise DerivativesYamlError(path, line, f"{operator.schema.full_name}: '{key}' has no formula")
        derivative = Derivative(inputs, formula.strip(), line)
        _analyze(derivative, operator)
        derivatives.append(derivative)
    seen: set[str] = set()
    for derivative in derivatives:
        for name in derivative.inputs:
            if name in seen:
                raise DerivativesYamlError(path, derivative.line,
                                           f"{operator.schema.full_name}: '{name}' has two formulas")
            seen.add(name)
    return derivatives


def _output_differentiability(entry: dict, operator: Operator, path: str) -> list[bool | str] | None:
    """[True, False] per result, or, as 1.13 allows, one C++ condition on the
    arguments (_to_copy's "isDifferentiableType(dtype)": a result whose
    differentiability depends on what the call asks for)."""
    value = entry.get("output_differentiability")
    if value is None:
        return None
    line = entry["__key_lines__"]["output_differentiability"]
    if not isinstance(value, list) or not all(isinstance(v, (bool, str)) for v in value) or len(value) != 1:
        raise DerivativesYamlError(path, line, f"{operator.schema.full_name}: output_differentiability is a list "
                                   "of True/False or one condition, one per result (the course's operators have "
                                   "one)")
    return value


def _node_name(operator: Operator, counts: dict[str, int]) -> str:
    base = operator.schema.name.strip("_")
    number = counts.get(base, 0)
    counts[base] = number + 1
    return NODE_NAMES_OF_1_13.get(operator.schema.full_name, f"{_camel(base)}Backward{number}")


def load_derivatives(files: list[tuple[str, str]], operators: list[Operator],
                     where: str = "ops.yaml") -> list[DifferentiabilityInfo]:
    """Reads (path, display path) pairs in order; each entry must name one
    of `operators` (those of `where`) by its schema."""
    by_name = {op.schema.full_name: op for op in operators}
    infos: list[DifferentiabilityInfo] = []
    counts: dict[str, int] = {}
    first: dict[str, DifferentiabilityInfo] = {}
    for path, display_path in files:
        with open(path, encoding="utf-8") as stream:
            try:
                entries = yaml.load(stream, Loader=_LineLoader) or []  # noqa: S506 (a SafeLoader)
            except yaml.YAMLError as error:
                mark = getattr(error, "problem_mark", None)
                raise DerivativesYamlError(display_path, mark.line + 1 if mark else 1,
                                           f"not valid YAML: {getattr(error, 'problem', error)}") from None
        if not isinstance(entries, list):
            raise DerivativesYamlError(display_path, 1, "the file must be a list of entries (`- name: ...`)")
        for entry in entries:
            if not isinstance(entry, dict) or "name" not in entry:
                raise DerivativesYamlError(display_path, entry["__line__"] if isinstance(entry, dict) else 1,
                                           "an entry must be a mapping with `name:` (the operator's schema)")
            line = entry["__line__"]
            try:
                schema = parse_schema(str(entry["name"]))
            except SchemaError as error:
                raise DerivativesYamlError(display_path, line, str(error)) from None
            operator = by_name.get(schema.full_name)
            if operator is None:
                raise DerivativesYamlError(display_path, line,
                                           f"{schema.full_name} is not an operator of {where}")
            if operator.schema.text != schema.text:
                raise DerivativesYamlError(display_path, line,
                                           f"{schema.full_name}: the schema is not ops.yaml's "
                                           f"({operator.origin}: {operator.schema.text})")
            if schema.full_name in first:
                raise DerivativesYamlError(display_path, line, f"{schema.full_name} has two entries "
                                           f"(first at {first[schema.full_name].path}:{first[schema.full_name].line})")
            derivatives = _derivatives_of(entry, operator, display_path)
            differentiability = _output_differentiability(entry, operator, display_path)
            # An entry with no formula at all says only that its result is not
            # differentiable (output_differentiability: [False]): the
            # comparisons' bool results. Its kernel records nothing and it has
            # no node, so it takes no number from the node names (1.13's
            # EqBackward0 is eq_.Scalar's).
            if not derivatives and differentiability != [False]:
                raise DerivativesYamlError(display_path, line, f"{schema.full_name}: no formula for any input")
            node = _node_name(operator, counts) if derivatives else ""
            info = DifferentiabilityInfo(operator, node, derivatives, entry.get("result"), differentiability,
                                         display_path, line)
            first[schema.full_name] = info
            infos.append(info)
    return infos


def inplace_variant(info: DifferentiabilityInfo, operators: list[Operator]) -> Operator | None:
    """add_.Tensor for add.Tensor: the in-place operator that uses this entry."""
    schema = info.operator.schema
    if schema.is_inplace:
        return None
    return next((op for op in operators if op.schema.name == schema.name + "_"
                 and op.schema.overload == schema.overload), None)


def out_variant(info: DifferentiabilityInfo, operators: list[Operator]) -> Operator | None:
    """lt.Tensor_out for lt.Tensor: the out= operator whose inputs are the
    functional operator's arguments."""
    schema = info.operator.schema
    if not schema.is_functional:
        return None

    def key(arguments):
        return [(a.name, a.type, a.default) for a in arguments]
    return next((op for op in operators if op.schema.is_out and op.schema.name == schema.name
                 and key(op.schema.inputs) == key(schema.arguments)), None)
