#!/usr/bin/env python3
"""The Python bindings of ops.yaml, as PyTorch's tools/autograd/gen_python_functions.py
writes them: one binding function per Python name, THPVariable_<name>.

    python_torch_functions.cpp   mini_torch.add(a, b), ...: every operator
                                 with `variants: function`, its out= overload
                                 folded in as the keyword argument `out`
    python_variable_methods.cpp  a.add(b), a.add_(b), ...: every operator with
                                 `variants: method`, self the Python object

A binding holds a PythonArgParser with its signatures (one per overload of
that name, PyTorch's spelling: `Tensor input`, `Scalar alpha=1`, `*` before
the keyword-only ones), picks the overload the parser matched, and calls the
operator in a dispatch_<name> lambda that releases the GIL first, so that
other Python threads run while the dispatcher and the kernels do.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gen_ops import ops_struct, split_exercise, write_files  # noqa: E402
from model import OpsYamlError, Operator, load_operators  # noqa: E402
from schema import Argument, Schema  # noqa: E402

GENERATOR = "chapters/06_backends/codegen/gen_python_functions.py"

# Schema type -> (PythonArgParser's type, the PythonArgs accessor).
PYTHON_TYPES = {
    "Tensor": ("Tensor", "tensor"),
    "Scalar": ("Scalar", "scalar"),
    "int": ("int64_t", "toInt64"),
    "int?": ("int64_t?", "toInt64Optional"),
    "SymInt": ("int64_t", "toInt64"),
    "SymInt?": ("int64_t?", "toInt64Optional"),
    "float": ("double", "toDouble"),
    "int[]": ("IntArrayRef", "intlist"),
    "bool": ("bool", "toBool"),
    "ScalarType": ("ScalarType", "scalartype"),
    "Device": ("Device", "device"),
}
# The lambda's parameter types: what the _ops call takes, by value where it writes.
LAMBDA_TYPES = {
    "Tensor": "const Tensor&",
    "Scalar": "const Scalar&",
    "int": "std::int64_t",
    "int?": "std::optional<std::int64_t>",
    "SymInt": "std::int64_t",
    "SymInt?": "std::optional<std::int64_t>",
    "float": "double",
    "int[]": "const std::vector<std::int64_t>&",
    "bool": "bool",
    "ScalarType": "ScalarType",
    "Device": "Device",
}
# 1.13's deprecated signatures (tools/autograd/deprecated.yaml): another
# order of an operator's arguments, still accepted, tried last and never
# listed in an error. Python name -> the argument order.
DEPRECATED = {
    "add": ["self", "alpha", "other"],
    "add_": ["self", "alpha", "other"],
    "sub": ["self", "alpha", "other"],
    "sub_": ["self", "alpha", "other"],
}
# 1.13's short forms that the course has no overload for: arange(end) is an
# overload of its own in 1.13 (arange(Scalar end, ...)); here it is a first
# Python signature of the one arange, with start and step given. Python
# name -> (the arguments Python gives, the others' values).
SHORT_FORMS = {
    "arange": (["end"], {"start": "0.0", "step": "1.0"}),
}
# 1.13's overloads the course does not have, which a PyTorch user calls:
# their signatures are parsed last, and a call that matches one says the
# module lacks it (NotImplementedError), where it would otherwise read as the
# user's mistake ("argument 'weight' must be Tensor, not float"). Python
# name -> [(function signature, method signature or None, what it is)].
REFUSED_FORMS = {
    "lerp": [("lerp(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)", "lerp(Tensor end, Scalar weight)",
              "lerp with a number as weight (1.13's lerp.Scalar)")],
    "lerp_": [(None, "lerp_(Tensor end, Scalar weight)", "lerp_ with a number as weight (1.13's lerp_.Scalar)")],
    "eye": [("eye(int64_t n, int64_t m, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False)",
             None, "eye(n, m) (1.13's eye.m)")],
    "fill_": [("fill_(Tensor input, Tensor value)", "fill_(Tensor value)",
               "fill_ with a tensor as value (1.13's fill_.Tensor)")],
    "sum": [("sum(Tensor input, *, ScalarType dtype)", "sum(*, ScalarType dtype)",
             "sum with dtype= (1.13's dtype argument)"),
            ("sum(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, ScalarType dtype)",
             "sum(IntArrayRef[1] dim, bool keepdim=False, *, ScalarType dtype)",
             "sum with dtype= (1.13's dtype argument)")],
}
# A factory's keyword-only options, torch.empty's (less layout and pin_memory).
FACTORY_OPTIONS = ["ScalarType? dtype=None", "Device? device=None", "bool requires_grad=False"]


class Overload:
    """One signature of a binding: a functional (or in-place, or factory)
    operator and the out= operator folded into it, if any."""

    def __init__(self, op: Operator, out: Operator | None, method: bool, order: list[str] | None = None,
                 short: tuple[list[str], dict[str, str]] | None = None):
        self.op = op
        self.out = out
        self.method = method
        self.order = order  # a deprecated signature's order of the arguments
        self.short = short  # SHORT_FORMS' entry: the arguments given, the others' values

    @property
    def schema(self) -> Schema:
        return self.op.schema

    def python_arguments(self) -> list[Argument]:
        """The parser's parameters in order; a method's self is the object."""
        arguments = [a for a in self.schema.arguments
                     if not (self.schema.is_factory and a.name in ("dtype", "device"))]
        if self.order:
            by_name = {a.name: a for a in arguments}
            arguments = [Argument(name, by_name[name].type) for name in self.order]
        if self.short:
            arguments = [a for a in arguments if a.name in self.short[0]]
        if self.method:
            arguments = arguments[1:]
        return arguments

    def signature(self, name: str) -> str:
        pieces = []
        keyword_only = False
        for argument in self.python_arguments():
            if argument.kwarg_only and not keyword_only:
                pieces.append("*")
                keyword_only = True
            python_type = PYTHON_TYPES[argument.type][0] + (f"[{argument.size}]" if argument.size else "")
            # PyTorch's functions call their first tensor `input`; methods have none.
            arg_name = "input" if argument.name == "self" and not self.method else argument.name
            default = f"={argument.default}" if argument.default is not None else ""
            pieces.append(f"{python_type} {arg_name}{default}")
        extra = FACTORY_OPTIONS if self.schema.is_factory else (["Tensor out=None"] if self.out else [])
        if extra and not keyword_only:
            pieces.append("*")
        pieces += extra
        return f"{name}({', '.join(pieces)})" + ("|deprecated" if self.order else "")

    def parsed_count(self) -> int:
        return len(self.signature("f").split(",")) - self.signature("f").count("*")


def python_name(schema: Schema) -> str:
    return schema.name


def out_of(functional: Operator, ops: list[Operator]) -> Operator | None:
    """The out= overload whose inputs are the functional operator's arguments."""
    def key(arguments):
        return [(a.name, a.type, a.default) for a in arguments]
    for op in ops:
        if op.schema.is_out and op.schema.name == functional.schema.name \
                and key(op.schema.inputs) == key(functional.schema.arguments):
            return op
    return None


def overloads(ops: list[Operator], method: bool) -> dict[str, list[Overload]]:
    """Python name -> its overloads, in ops.yaml's order."""
    wanted = "method" if method else "function"
    groups: dict[str, list[Overload]] = {}
    for op in ops:
        if op.schema.is_out or wanted not in op.cpp_variants:
            continue
        if method and (not op.schema.arguments or op.schema.arguments[0].type != "Tensor"):
            continue
        out = None if method or not op.schema.is_functional else out_of(op, ops)
        short = SHORT_FORMS.get(python_name(op.schema))
        if short and not method:
            groups.setdefault(python_name(op.schema), []).append(Overload(op, out, method, short=short))
        groups.setdefault(python_name(op.schema), []).append(Overload(op, out, method))
        order = DEPRECATED.get(python_name(op.schema))
        if order and op.schema.is_functional or (order and op.schema.is_inplace):
            groups[python_name(op.schema)].append(Overload(op, out, method, order))
    return groups


def lambda_parameters(schema: Schema) -> str:
    return ", ".join(f"{'Tensor' if a.mutable else LAMBDA_TYPES[a.type]} {a.name}" for a in schema.arguments)


# The factories whose 1.13 kernels infer the dtype from the numbers they are
# given when dtype is None (TensorFactories.cpp): the arguments read, and
# whether bools alone make a bool tensor (full's infer_full_dtype) or count
# as ints (arange's set_to_integral_dtype). torch.full((2,), 3) is int64,
# torch.arange(0, 5) too; with a float among the numbers, the default dtype.
INFERRED_DTYPE = {
    "full": (("fill_value",), True),
    "arange": (("start", "end", "step"), False),
}


def dispatch_call(name: str, op: Operator, python_arguments: list[Argument], method: bool,
                  out_index: int | None, indent: str, constants: dict[str, str] | None = None) -> str:
    """The lambda and its call, as 1.13's `auto dispatch_add = [](...) -> Tensor {
    pybind11::gil_scoped_release no_gil; return self.add(other, alpha); };`."""
    schema = op.schema
    index_of = {a.name: i for i, a in enumerate(python_arguments)}
    lambda_name = f"dispatch_{name}_out" if schema.is_out else f"dispatch_{name}"
    values = []
    for argument in schema.arguments:
        if method and argument.name == "self":
            values.append("self")
        elif schema.is_out and argument.mutable and argument.kwarg_only:
            values.append(f"_r.tensor({out_index})")
        elif schema.is_factory and argument.name in ("dtype", "device"):
            continue
        elif constants and argument.name in constants:
            values.append(constants[argument.name])
        else:
            accessor = PYTHON_TYPES[argument.type][1]
            values.append(f"_r.{accessor}({index_of[argument.name]})")
    if schema.is_factory:
        count = len(python_arguments)
        arguments = [a for a in schema.arguments if a.name not in ("dtype", "device")]
        parameters = ", ".join(f"{LAMBDA_TYPES[a.type]} {a.name}" for a in arguments)
        parameters = ", ".join(filter(None, [parameters, "const TensorOptions& options"]))
        # torch::empty's shape, as the generated public function has it (a
        # factory with manual_cpp_binding has none to call): below
        # ADInplaceOrView, then a leaf that requires grad if asked.
        call = (f"_ops::{ops_struct(schema)}::call("
                f"{', '.join([a.name for a in arguments] + ['options.dtype', 'options.device'])})")
        body = (f"{indent}  Tensor result;\n"
                f"{indent}  {{\n{indent}    AutoDispatchBelowADInplaceOrView guard;\n"
                f"{indent}    result = {call};\n{indent}  }}\n"
                f"{indent}  if (options.requiresGrad && !isFloatingType(result.dtype())) {{\n"
                f'{indent}    throw std::runtime_error("Only Tensors of floating point and complex dtype can require '
                f'gradients");\n{indent}  }}\n'
                f"{indent}  if (options.requiresGrad) {{\n{indent}    result.setRequiresGrad(true);\n{indent}  }}\n"
                f"{indent}  return result;\n")
        dtype = f"_r.scalartype({count})"
        if schema.name in INFERRED_DTYPE:
            numbers, bool_stays_bool = INFERRED_DTYPE[schema.name]
            indices = ", ".join(str(index_of[number]) for number in numbers if number in index_of)
            dtype = (f"_r.inferredScalartype({count}, {{{indices}}}, {'true' if bool_stays_bool else 'false'}, "
                     f'"{schema.name}")')
        values.append(f"TensorOptions{{{dtype}, _r.device({count + 1}), _r.toBool({count + 2})}}")
    else:
        parameters = lambda_parameters(schema)
        body = f"{indent}  return _ops::{ops_struct(schema)}::call({', '.join(a.name for a in schema.arguments)});\n"
    return (f"{indent}// aten::{schema.text}\n"
            f"{indent}auto {lambda_name} = []({parameters}) -> Tensor {{\n"
            f"{indent}  gil_scoped_release no_gil;\n"
            f"{body}"
            f"{indent}}};\n"
            f"{indent}return wrap({lambda_name}({', '.join(values)}){', self_' if method else ''});\n")


# [binding]
def binding(name: str, group: list[Overload], method: bool) -> str:
    signatures = [overload.signature(name) for overload in group]
    most = max(len(overload.python_arguments()) + (3 if overload.schema.is_factory else 0)
               + (1 if overload.out else 0) for overload in group)
    refused = [(function if not method else method_form, what)
               for function, method_form, what in REFUSED_FORMS.get(name, []) if (method_form if method else function)]
    for form, _ in refused:
        inner = form[form.index("(") + 1:-1]
        most = max(most, len([p for p in inner.split(",") if p.strip() not in ("", "*")]))
    lines = [f"// {name}",
             f"static PyObject* THPVariable_{name}(PyObject* {'self_' if method else '/*self_*/'}, PyObject* args, "
             "PyObject* kwargs) {",
             "  HANDLE_TH_ERRORS",
             "  static PythonArgParser parser({"]
    lines += [f'      "{signature}",' for signature in signatures + [form for form, _ in refused]]
    lines += ["  });",
              f"  ParsedArgs<{max(most, 1)}> parsed_args;",
              f"  auto _r = parser.parse({'self_' if method else 'nullptr'}, args, kwargs, parsed_args);"]
    if method:
        lines.append("  const Tensor& self = THPVariable_Unpack(self_);")
    lines.append("  switch (_r.idx) {")
    for index, overload in enumerate(group):
        arguments = overload.python_arguments()
        lines.append(f"    case {index}: {{")
        if overload.out:
            out_index = len(arguments)
            lines.append(f"      if (_r.isNone({out_index})) {{")
            lines.append(dispatch_call(name, overload.op, arguments, method, None, "        ").rstrip("\n"))
            lines.append("      } else {")
            lines.append(dispatch_call(name, overload.out, arguments, method, out_index, "        ").rstrip("\n"))
            lines.append("      }")
        else:
            constants = overload.short[1] if overload.short else None
            lines.append(dispatch_call(name, overload.op, arguments, method, None, "      ", constants).rstrip("\n"))
        lines.append("    }")
    for index, (_, what) in enumerate(refused, start=len(group)):
        message = f"{what} is not in mini_torch, the course's module"
        lines += [f"    case {index}:", f'      PyErr_SetString(PyExc_NotImplementedError, "{message}");',
                  "      return nullptr;"]
    lines += ["  }", "  Py_RETURN_NONE;", "  END_HANDLE_TH_ERRORS", "}", ""]
    return "\n".join(lines)
# [binding]


def source_file(groups: dict[str, list[Overload]], method: bool, table: str, what: str) -> str:
    origins = sorted({(o.op.path, o.op.line, o.op.schema.full_name) for g in groups.values() for o in g}
                     | {(o.out.path, o.out.line, o.out.schema.full_name) for g in groups.values() for o in g
                        if o.out}, key=lambda t: (t[0], t[1]))
    head = [f"// @generated by {GENERATOR}: {what}",
            "// Do not edit: change ops.yaml (or the generator) and rebuild. Made from:"]
    head += [f"//   {path}:{line}  {full_name}" for path, line, full_name in origins]
    includes = ["#include <Python.h>", "",
                '#include "csrc/Exceptions.h"', '#include "csrc/python_variable.h"',
                '#include "csrc/utils/python_arg_parser.h"', '#include "csrc/utils/wrap_outputs.h"',
                '#include "mini/core/auto_dispatch_below_ad_inplace_or_view.h"',
                '#include "mini/generated/Operators.h"']
    body = [binding(name, group, method) for name, group in groups.items()]
    flags = "METH_VARARGS | METH_KEYWORDS"
    entries = [f'    {{"{name}", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(THPVariable_{name})), '
               f'{flags}, nullptr}},' for name in groups]
    return "\n".join(head + [""] + includes + ["", "namespace mini::python {", "", "using namespace mini::ch06;", ""]
                     + body
                     + [f"PyMethodDef* {table}() {{", "  static PyMethodDef methods[] = {"] + entries
                     + ["      {nullptr, nullptr, 0, nullptr},", "  };", "  return methods;", "}", "",
                        "}  // namespace mini::python", ""])


def generate(ops: list[Operator]) -> dict[str, str]:
    return {
        "python_torch_functions.cpp": source_file(
            overloads(ops, method=False), False, "generated_torch_functions",
            "mini_torch's functions, one THPVariable_<name> per Python name"),
        "python_variable_methods.cpp": source_file(
            overloads(ops, method=True), True, "generated_variable_methods",
            "Tensor's methods, one THPVariable_<name> per Python name"),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--yaml", required=True, help="ops.yaml")
    parser.add_argument("--out", required=True, help="where the two files go")
    parser.add_argument("--root", default=None, help="paths in the files' headers are relative to this")
    args = parser.parse_args(argv)
    root = args.root or os.getcwd()
    try:
        ops = load_operators([(args.yaml, os.path.relpath(os.path.abspath(args.yaml), root))])
        course, _ = split_exercise(ops, set())
    except OpsYamlError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return write_files(args.out, generate(course))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
