"""ops.yaml read and checked: every entry becomes an Operator, every mistake
an OpsYamlError naming the file, the line and the problem.

An entry is one operator overload, as in PyTorch's native_functions.yaml:

    - func: add.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
      structured: True            # the one implementation: meta() + impl()
      dispatch:                   # one impl class per backend
        CPU: ufunc_add_CPU        #   -> structured_ufunc_add_CPU::impl
        CUDA: ufunc_add_CUDA
    - func: add.Tensor(Tensor self, Tensor other) -> Tensor
      variants: function, method    # mini::add(a, b) and a.add(b)
      structured_delegate: add.out  # functional variant, made from add.out
    - func: empty(int[] size, ScalarType dtype, Device device) -> Tensor
      dispatch:                     # not structured: a kernel per dispatch key,
        BackendSelect: emptyBackendSelect  # several keys to one kernel as
        CPU, CUDA, Meta: emptyKernel       # in native_functions.yaml
"""

from dataclasses import dataclass, field

try:
    import yaml
except ImportError:  # pragma: no cover - what a fresh machine says
    raise SystemExit("error: the generator needs PyYAML: "
                     "apt-get install python3-yaml (or pip install pyyaml)") from None

from schema import Schema, SchemaError, parse_schema

KNOWN_KEYS = ("func", "variants", "structured", "structured_delegate", "dispatch", "manual_cpp_binding")
# `variants: function, method`, as in native_functions.yaml: a free function
# (mini::add), a Tensor method (a.add(b)), or both. PyTorch's default is
# function alone; add_.Tensor, view and copy_ are methods only there.
VARIANTS = ("function", "method")
BACKENDS = ("CPU", "CUDA")  # a structured op's impl() classes; its Meta kernel is its meta()
# The keys a plain (not structured) operator names kernels for: backends,
# BackendSelect (a factory's), and the composite alias keys.
DISPATCH_KEYS = BACKENDS + ("Meta", "BackendSelect", "CompositeExplicitAutograd", "CompositeImplicitAutograd")


class OpsYamlError(ValueError):
    """`ops.yaml:12: <problem>`: what a learner fixes, and where."""

    def __init__(self, path: str, line: int, problem: str):
        super().__init__(f"{path}:{line}: {problem}")


@dataclass
class Operator:
    schema: Schema
    path: str
    line: int
    structured: bool = False
    delegate: str | None = None  # the full name of the structured op, for a variant
    dispatch: dict[str, str] = field(default_factory=dict)  # dispatch key -> kernel name
    manual_cpp_binding: bool = False  # its public function is written by hand
    cpp_variants: tuple[str, ...] = ("function",)  # `variants:`: function, method or both
    variants: list["Operator"] = field(default_factory=list)  # of a structured op

    @property
    def origin(self) -> str:
        return f"{self.path}:{self.line}"


class _LineLoader(yaml.SafeLoader):
    """Keeps each mapping's first line, so errors can point at the entry."""

    def construct_mapping(self, node, deep=False):
        mapping = super().construct_mapping(node, deep=deep)
        mapping["__line__"] = node.start_mark.line + 1
        mapping["__key_lines__"] = {key.value: key.start_mark.line + 1 for key, _ in node.value}
        return mapping


def _read_entries(path: str, display_path: str) -> list[dict]:
    with open(path, encoding="utf-8") as stream:
        try:
            entries = yaml.load(stream, Loader=_LineLoader)  # noqa: S506 (a SafeLoader)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            line = mark.line + 1 if mark else 1
            raise OpsYamlError(display_path, line, f"not valid YAML: {getattr(error, 'problem', error)}") from None
    if entries is None:
        return []
    if not isinstance(entries, list):
        raise OpsYamlError(display_path, 1, "the file must be a list of entries (`- func: ...`)")
    return entries


def _operator_of(entry, display_path: str) -> Operator:
    if not isinstance(entry, dict):
        raise OpsYamlError(display_path, 1, f"an entry must be a mapping with `func:`, got {entry!r}")
    line = entry["__line__"]
    key_lines = entry["__key_lines__"]
    for key in entry:
        if key not in KNOWN_KEYS and not key.startswith("__"):
            raise OpsYamlError(display_path, key_lines.get(key, line),
                               f"unknown key '{key}' (known: {', '.join(KNOWN_KEYS)})")
    if "func" not in entry:
        raise OpsYamlError(display_path, line, "entry has no 'func:' (the operator's schema)")
    try:
        schema = parse_schema(str(entry["func"]))
    except SchemaError as error:
        raise OpsYamlError(display_path, key_lines["func"], str(error)) from None
    operator = Operator(schema, display_path, line, structured=bool(entry.get("structured", False)),
                        delegate=entry.get("structured_delegate"),
                        manual_cpp_binding=bool(entry.get("manual_cpp_binding", False)))
    if "variants" in entry:
        operator.cpp_variants = _variants_of(entry["variants"], display_path, key_lines["variants"], schema)
    dispatch = entry.get("dispatch") or {}
    if not isinstance(dispatch, dict):
        raise OpsYamlError(display_path, key_lines["dispatch"], "'dispatch:' must map a backend to a kernel name")
    for keys, kernel in dispatch.items():
        if keys.startswith("__"):
            continue
        # `CPU, CUDA: fill_`: one kernel for several keys, as in native_functions.yaml.
        for key in [k.strip() for k in keys.split(",")]:
            known = BACKENDS if operator.structured else DISPATCH_KEYS
            if key not in known:
                why = "; Meta comes from meta() by itself" if operator.structured else ""
                raise OpsYamlError(display_path, dispatch["__key_lines__"][keys],
                                   f"{schema.full_name}: unknown dispatch key '{key}' (known: {', '.join(known)}{why})")
            operator.dispatch[key] = str(kernel)
    return operator


def _variants_of(value, display_path: str, line: int, schema: Schema) -> tuple[str, ...]:
    """`function, method` -> ("function", "method"), checked."""
    words = [word.strip() for word in str(value).split(",")]
    for word in words:
        if word not in VARIANTS:
            raise OpsYamlError(display_path, line,
                               f"{schema.full_name}: unknown variant '{word}' in 'variants: {value}' "
                               f"(known: {', '.join(VARIANTS)})")
    if "method" in words and not any(a.name == "self" and a.type == "Tensor" for a in schema.arguments):
        raise OpsYamlError(display_path, line,
                           f"{schema.full_name}: 'variants: method' needs a Tensor argument named self "
                           "(the tensor the method is called on)")
    return tuple(v for v in VARIANTS if v in words)


def _check_structured(operator: Operator) -> None:
    name = operator.schema.full_name
    if operator.structured and not operator.schema.is_out:
        raise OpsYamlError(operator.path, operator.line,
                           f"{name}: a structured operator is the out= variant "
                           "(it needs a `*, Tensor(a!) out` argument)")
    if operator.structured and len(operator.schema.out_arguments) != 1:
        raise OpsYamlError(operator.path, operator.line, f"{name}: a structured operator has exactly one output here")
    if operator.structured and not operator.dispatch:
        raise OpsYamlError(operator.path, operator.line, f"{name}: a structured operator needs a 'dispatch:' kernel")
    if operator.structured and operator.delegate:
        raise OpsYamlError(operator.path, operator.line,
                           f"{name}: 'structured' and 'structured_delegate' exclude each other")
    if not operator.structured and not operator.delegate and not operator.dispatch:
        raise OpsYamlError(operator.path, operator.line,
                           f"{name}: no kernel: give it 'dispatch:', or make it a structured_delegate variant")
    if operator.delegate and operator.dispatch:
        raise OpsYamlError(operator.path, operator.line,
                           f"{name}: a structured_delegate variant gets its kernels from "
                           f"{operator.delegate}, not 'dispatch:'")


def _link_delegate(operator: Operator, by_name: dict[str, Operator]) -> None:
    name = operator.schema.full_name
    target = by_name.get(operator.delegate)
    if target is None:
        raise OpsYamlError(operator.path, operator.line,
                           f"{name}: structured_delegate '{operator.delegate}' is not an operator in ops.yaml")
    if not target.structured:
        raise OpsYamlError(operator.path, operator.line,
                           f"{name}: structured_delegate '{operator.delegate}' is not marked 'structured: True'")
    mine = [a.type for a in operator.schema.arguments]
    theirs = [a.type for a in target.schema.inputs]
    if mine != theirs:
        raise OpsYamlError(operator.path, operator.line,
                           f"{name}: its arguments ({', '.join(mine)}) are not the inputs of "
                           f"{operator.delegate} ({', '.join(theirs)})")
    if operator.schema.is_inplace and not operator.schema.arguments[0].mutable:
        raise OpsYamlError(operator.path, operator.line,
                           f"{name}: an in-place variant writes its first argument: `Tensor(a!) self`")
    target.variants.append(operator)


def load_operators(files: list[tuple[str, str]]) -> list[Operator]:
    """Reads (path, display path) pairs in order; returns every operator, checked."""
    operators: list[Operator] = []
    by_name: dict[str, Operator] = {}
    for path, display_path in files:
        for entry in _read_entries(path, display_path):
            operator = _operator_of(entry, display_path)
            name = operator.schema.full_name
            if name in by_name:
                raise OpsYamlError(display_path, operator.line,
                                   f"{name} is defined twice (first at {by_name[name].origin})")
            _check_structured(operator)
            by_name[name] = operator
            operators.append(operator)
    for operator in operators:
        if operator.delegate:
            _link_delegate(operator, by_name)
    return operators
